import { AnnouncementRoutes, splitIds } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { registerRoute } from '../../platform/http/register-route';
import { listPage, requireVisible } from '../../platform/list/list-runner';
import { callerOf } from '../../platform/list/list-spec';
import type { RealtimeHub } from '../../platform/realtime/hub';
import { ANNOUNCEMENT_LIST, MY_ANNOUNCEMENT_LIST, toAnnouncement, toMine } from './announcements.list';
import * as service from './announcements.service';

const RECEIVED = `SELECT a.*, s.read_flag, s.read_time, s.star_flag
                    FROM sys_announcement_send s JOIN sys_announcement a ON a.id = s.annt_id
                   WHERE s.user_id = $1 AND a.tenant_id = $2 AND a.send_status = '1'`;

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
    const [row] = await db.query<Record<string, unknown>>('SELECT * FROM sys_announcement WHERE id = $1', [query.id]);
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
    const unread = await db.query<Record<string, unknown>>(
      `${RECEIVED} AND NOT s.read_flag ORDER BY a.send_time DESC, a.id`,
      [auth.userId, auth.tenantId],
    );
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
    const [row] = await db.query<Record<string, unknown>>(`${RECEIVED} AND a.id = $3`, [
      auth.userId,
      auth.tenantId,
      query.anntId,
    ]);
    if (!row) throw new AppError('notFound', 'notFound');
    return toMine(row);
  });
  const receipt = async (
    userId: string,
    tenantId: number,
    anntId: string,
    set: string,
    params: unknown[] = [],
  ): Promise<void> => {
    const rows = await db.query(
      `UPDATE sys_announcement_send s SET ${set} FROM sys_announcement a
        WHERE a.id = s.annt_id AND s.annt_id = $1 AND s.user_id = $2 AND a.tenant_id = $3 AND a.send_status = '1' RETURNING s.annt_id`,
      [anntId, userId, tenantId, ...params],
    );
    if (!rows.length) throw new AppError('notFound', 'notFound');
  };
  registerRoute(app, db, R.markRead, async ({ auth, body }) => {
    await receipt(
      auth.userId,
      auth.tenantId,
      body.anntId,
      'read_flag = true, read_time = coalesce(s.read_time, now())',
    );
    return null;
  });
  registerRoute(app, db, R.star, async ({ auth, body }) => {
    await receipt(auth.userId, auth.tenantId, body.anntId, 'star_flag = $4', [body.starFlag]);
    return null;
  });
  registerRoute(app, db, R.readAll, async ({ auth }) => {
    await db.query(
      `UPDATE sys_announcement_send s SET read_flag = true, read_time = now() FROM sys_announcement a
        WHERE a.id = s.annt_id AND s.user_id = $1 AND a.tenant_id = $2 AND NOT s.read_flag`,
      [auth.userId, auth.tenantId],
    );
    return null;
  });
}
