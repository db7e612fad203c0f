import { AnnouncementRoutes, splitIds } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { registerRoute } from '../../platform/http/register-route';
import { listPage, requireVisible } from '../../platform/list/list-runner';
import { callerOf } from '../../platform/list/list-spec';
import type { RealtimeHub } from '../../platform/realtime/hub';
import { ANNOUNCEMENT_LIST, MY_ANNOUNCEMENT_LIST, toAnnouncement, toMine } from './announcements.list';
import * as repo from './announcements.repo';
import * as service from './announcements.service';

/**
 * Announcements (SPEC §2 system → announcements; §7 `/sys/annountCement/*`) and the caller's
 * received ones (notice bell, modules → system messages, account → announcement;
 * `/sys/sysAnnouncementSend/*`). Administration needs the `announcement:*` codes; the receiving
 * side needs a session only and reaches only the caller's own receipts in the current tenant.
 */
export function announcementRoutes(app: FastifyInstance, db: Db, hub: RealtimeHub): void {
  const R = AnnouncementRoutes;
  const L = ANNOUNCEMENT_LIST;
  registerRoute(app, db, R.list, ({ auth, query }) => listPage(db, L, query, callerOf(auth, R.list.access)));
  registerRoute(app, db, R.queryById, async ({ auth, query }) => {
    await requireVisible(db, L, query.id, callerOf(auth, R.list.access));
    const row = await repo.announcementRow(db, query.id);
    return toAnnouncement(row!);
  });
  registerRoute(app, db, R.add, async ({ auth, body }) => ({
    id: await service.createAnnouncement(db, body, callerOf(auth)),
  }));
  registerRoute(app, db, R.edit, async ({ auth, body }) => {
    await service.editAnnouncement(db, body, callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.delete, async ({ auth, query }) => {
    await service.deleteAnnouncements(db, [query.id], callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.deleteBatch, async ({ auth, query }) => {
    await service.deleteAnnouncements(db, splitIds(query.ids), callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.release, async ({ auth, query }) => {
    await service.publishAnnouncement(db, hub, query.id, callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.revoke, async ({ auth, query }) => {
    await service.revokeAnnouncement(db, query.id, callerOf(auth, R.list.access));
    return null;
  });

  registerRoute(app, db, R.listByUser, async ({ auth, query }) => {
    const limit = query.pageSize ?? 10;
    const unread = await repo.unreadReceived(db, auth.userId, auth.tenantId);
    const annt = unread.filter((r) => r.msg_category === '1');
    const sys = unread.filter((r) => r.msg_category !== '1');
    const brief = (r: Record<string, unknown>) => ({ ...toMine(r), msgContent: null });
    return {
      anntMsgList: annt.slice(0, limit).map(brief),
      anntMsgTotal: annt.length,
      sysMsgList: sys.slice(0, limit).map(brief),
      sysMsgTotal: sys.length,
    };
  });
  registerRoute(app, db, R.mine, ({ auth, query }) =>
    // `receiver` is the caller, whatever the query said
    listPage(db, MY_ANNOUNCEMENT_LIST, { ...query, receiver: auth.userId }, callerOf(auth)),
  );
  registerRoute(app, db, R.readOne, async ({ auth, query }) => {
    const row = await repo.receivedOne(db, auth.userId, auth.tenantId, query.anntId);
    if (!row) throw new AppError('notFound', 'notFound');
    return toMine(row);
  });
  registerRoute(app, db, R.markRead, async ({ auth, body }) => {
    if (!(await repo.markReceiptRead(db, auth.userId, auth.tenantId, body.anntId)))
      throw new AppError('notFound', 'notFound');
    return null;
  });
  registerRoute(app, db, R.star, async ({ auth, body }) => {
    if (!(await repo.starReceipt(db, auth.userId, auth.tenantId, body.anntId, body.starFlag)))
      throw new AppError('notFound', 'notFound');
    return null;
  });
  registerRoute(app, db, R.readAll, async ({ auth }) => {
    await repo.markAllReceiptsRead(db, auth.userId, auth.tenantId);
    return null;
  });
}
