import crypto from 'node:crypto';
import {
  alarmNoticeLine,
  valueParameterOf,
  type AlarmRecord,
  type DeviceCommand,
  type RuleCondition,
  type WsAlarmMessage,
} from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import type { RealtimeHub } from '../../../platform/realtime/hub';
import { alarmAudience } from '../audience';
import { TimeSlice } from '../../../platform/time/time-slice';
import { SLICE_MS, type AlarmChange } from './alarm-batch';
import type { AlarmNotice, AlarmNoticeListener } from './alarm-notice';
import { placeNameOf, storedCondition, tenantTimeZone } from '../push/notice-context.repo';

/** A console notice waiting to be sent; a raise or clear (`described`) gets its notice line. */
interface LiveNotice {
  message: WsAlarmMessage;
  described?: boolean;
  /** The condition that raised it, as the engine evaluated it (the rule snapshot); undefined = read the stored rule. */
  condition?: RuleCondition | null;
}

/**
 * The alarm of a console notice with the parameter of its value when the alarm type does not name
 * it (a duration's inner parameter), so that the console shows the value with its unit.
 */
function withValueParam(alarm: AlarmRecord, condition: RuleCondition | null | undefined): AlarmRecord {
  const param = valueParameterOf(alarm.alarmType, condition);
  return param && param !== alarm.alarmType ? { ...alarm, valueParam: param } : alarm;
}

/** Whether `c` names a place (geofence, dwell, route deviation), whose name the notice reads. */
function isPlaceCondition(c: RuleCondition | null | undefined): boolean {
  return c?.type === 'geofence' || c?.type === 'dwell' || c?.type === 'routeDeviation';
}

/** How long the audience of a tenant is reused, ms (a new user or a changed preference shows within this). */
export const AUDIENCE_TTL_MS = 10_000;

/**
 * Console notices of alarms (SPEC §7 `/websocket/{userId}`): sends
 * {@link WsAlarmMessage} to every user of the alarm's tenant in its alarm audience
 * (`alarmAudience`: holds `alarm:list`) whose notification preference `alarmMessage` is on.
 * The user ids of a tenant are cached for {@link AUDIENCE_TTL_MS}; nobody connected → no query.
 */
export class AlarmAnnouncer {
  private readonly cache = new Map<number, { at: number; users: Promise<string[]> }>();
  /** The sends in flight, chained so that notices go out in the order they were announced. */
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    private readonly onError: (e: Error) => void,
  ) {}

  /** Users of `tenantId` who get live alarm notices (cached). */
  recipients(tenantId: number): Promise<string[]> {
    const hit = this.cache.get(tenantId);
    if (hit && Date.now() - hit.at < AUDIENCE_TTL_MS) return hit.users;
    const users = alarmAudience(this.db, tenantId).then((list) =>
      list.filter((u) => u.alarmMessage).map((u) => u.userId),
    );
    users.catch(() => this.cache.delete(tenantId));
    this.cache.set(tenantId, { at: Date.now(), users });
    return users;
  }

  /** Resolves once every notice announced so far has been handed to the sockets. */
  async idle(): Promise<void> {
    let last: Promise<void> | undefined;
    while (last !== this.sending) {
      last = this.sending;
      await last;
    }
  }

  /** Sends the notice (fire and forget; failures go to `onError`). */
  announce(tenantId: number, event: WsAlarmMessage['event'], alarm: AlarmRecord): void {
    this.announceAll(tenantId, [{ message: { cmd: 'alarm', event, alarm } }]);
  }

  /**
   * Sends the notices of one tenant in order, its audience looked up once (fire and forget), after
   * those announced before; a long list is sent in time slices (each notice is turned into JSON).
   * A notice with its condition carries the notice line of `buildAlarmMessage` (both languages,
   * the tenant's time zone) and the parameter of its value.
   */
  private announceAll(tenantId: number, notices: readonly LiveNotice[]): void {
    if (!this.hub.hasListeners()) return;
    const audience = this.recipients(tenantId);
    const zone = notices.some((n) => n.described) ? tenantTimeZone(this.db, tenantId) : Promise.resolve(null);
    this.sending = this.sending
      .then(async () => {
        const users = await audience;
        const timeZone = (await zone) ?? undefined;
        const slice = new TimeSlice(SLICE_MS);
        for (const n of notices) {
          if (slice.due()) await slice.next();
          this.hub.toUsers(users, await this.withNotice(tenantId, n, timeZone), tenantId);
        }
      })
      .catch((e: Error) => this.onError(e));
  }

  /**
   * The message of a live notice with its notice line: the rule condition that raised it (cached
   * reads of the stored rule) and, for a position condition, the place name. A failed read leaves
   * the line without the limits, never the notice unsent.
   */
  private async withNotice(tenantId: number, n: LiveNotice, timeZone: string | undefined): Promise<WsAlarmMessage> {
    if (!n.described) return n.message;
    const a = n.message.alarm;
    try {
      const condition =
        n.condition !== undefined
          ? n.condition
          : await storedCondition(this.db, a.ruleSource, a.ruleId, a.conditionIndex);
      const placeName = isPlaceCondition(condition)
        ? await placeNameOf(this.db, tenantId, condition).catch(() => null)
        : null;
      const event = n.message.event === 'cleared' ? 'cleared' : 'raised';
      const learnedAt = event === 'raised' && a.backfill ? a.createdAt : null;
      const notice = alarmNoticeLine({ alarm: a, event, condition, placeName, learnedAt }, timeZone);
      return { ...n.message, alarm: withValueParam(a, condition), notice };
    } catch (e) {
      this.onError(e as Error);
      return n.message;
    }
  }

  /**
   * After a batch committed: each change goes to the notice `listeners` (push; their errors are
   * reported, never thrown), stored raises and clears to the console, and a scene's command to
   * the device on a raise (through `sendCommand`, the ingest's broker) — in the changes' order, so
   * a raise goes out before its clear. Changes of an episode learned late (late-episodes.ts) go out
   * as their verdict says: nothing for one that had ended (`ended`) nor for the reminders caught up
   * on (`caughtUp`); the raise of one still active (`active`) once, marked late, with its command.
   */
  announceChanges(
    changes: readonly AlarmChange[],
    listeners: Iterable<AlarmNoticeListener>,
    sendCommand?: (deviceId: string, command: DeviceCommand) => Promise<boolean>,
  ): void {
    const live = new Map<number, LiveNotice[]>();
    for (const c of changes) {
      if (c.late === 'ended' || c.late === 'caughtUp') continue;
      const notice: AlarmNotice = {
        kind: c.event.kind,
        tenantId: c.tenantId,
        alarm: c.alarm,
        notify: c.meta.notify,
        pushUsers: c.meta.pushUsers,
        ...(c.late === 'active' ? { late: true } : {}),
      };
      for (const l of listeners) {
        try {
          l(notice);
        } catch (e) {
          this.onError(e as Error);
        }
      }
      if (c.stored && (c.event.kind === 'raised' || c.event.kind === 'cleared')) {
        const list = live.get(c.tenantId) ?? [];
        list.push({
          message: { cmd: 'alarm', event: c.event.kind, alarm: c.alarm },
          described: true,
          condition: c.meta.conditions?.[c.alarm.conditionIndex],
        });
        live.set(c.tenantId, list);
      }
      if (c.event.kind === 'raised' && c.meta.command && sendCommand) {
        const command: DeviceCommand = {
          cmdId: crypto.randomUUID(),
          ts: Date.now(),
          type: 'setPeriods',
          periods: c.meta.command.periods,
        };
        sendCommand(c.alarm.deviceId, command).then(
          (ok) => {
            if (!ok) this.onError(new Error(`scene command to ${c.alarm.deviceId} not delivered (no broker)`));
          },
          (e: Error) => this.onError(e),
        );
      }
    }
    for (const [tenantId, messages] of live) this.announceAll(tenantId, messages);
  }
}
