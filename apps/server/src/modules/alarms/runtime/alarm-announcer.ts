import type { AlarmRecord, WsAlarmMessage } from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import type { RealtimeHub } from '../../../platform/realtime/hub';
import { alarmAudience } from '../audience';

/** How long the audience of a tenant is reused, ms (a new user or a changed preference shows within this). */
export const AUDIENCE_TTL_MS = 10_000;

/**
 * Console notices of alarms (issue 9 item 5, SPEC §7 `/websocket/{userId}`): sends
 * {@link WsAlarmMessage} to every user of the alarm's tenant in its alarm audience
 * (`alarmAudience`: holds `alarm:list`) whose notification preference `alarmMessage` is on.
 * The user ids of a tenant are cached for {@link AUDIENCE_TTL_MS}; nobody connected → no query.
 */
export class AlarmAnnouncer {
  private readonly cache = new Map<number, { at: number; users: Promise<string[]> }>();

  constructor(private readonly db: Db, private readonly hub: RealtimeHub, private readonly onError: (e: Error) => void) {}

  /** Users of `tenantId` who get live alarm notices (cached). */
  recipients(tenantId: number): Promise<string[]> {
    const hit = this.cache.get(tenantId);
    if (hit && Date.now() - hit.at < AUDIENCE_TTL_MS) return hit.users;
    const users = alarmAudience(this.db, tenantId).then((list) => list.filter((u) => u.alarmMessage).map((u) => u.userId));
    users.catch(() => this.cache.delete(tenantId));
    this.cache.set(tenantId, { at: Date.now(), users });
    return users;
  }

  /** Sends the notice (fire and forget; failures go to `onError`). */
  announce(tenantId: number, event: WsAlarmMessage['event'], alarm: AlarmRecord): void {
    if (this.hub.size() === 0) return;
    const message: WsAlarmMessage = { cmd: 'alarm', event, alarm };
    this.recipients(tenantId).then(
      (users) => {
        for (const u of users) this.hub.toUser(u, message);
      },
      (e: Error) => this.onError(e),
    );
  }
}
