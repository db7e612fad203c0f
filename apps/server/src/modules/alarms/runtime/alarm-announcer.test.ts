import type { AlarmRecord, WsAlarmMessage } from '@ztj/contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../platform/db/db';
import type { RealtimeHub } from '../../../platform/realtime/hub';
import { AlarmAnnouncer } from './alarm-announcer';
import type { AlarmChange } from './alarm-batch';
import type { AlarmNotice } from './alarm-notice';

/**
 * The console notices of a batch go out after the batch, in order, in time slices; `idle()`
 * resolves once all of them are handed to the sockets (what `AlarmRuntime.whenIdle` waits for).
 */

class OneUserAnnouncer extends AlarmAnnouncer {
  override recipients(): Promise<string[]> {
    return Promise.resolve(['u1']);
  }
}

const busy = (ms: number): void => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

function change(n: number): AlarmChange {
  const alarm = { id: `a${n}`, deviceId: 'D1' } as AlarmRecord;
  return {
    event: { kind: n % 2 ? 'cleared' : 'raised' },
    tenantId: 1,
    alarm,
    meta: { notify: { groupIds: [], escalateGroupIds: [], robots: false }, pushUsers: true },
    stored: true,
  } as unknown as AlarmChange;
}

describe('alarm announcer', () => {
  it('sends a batch of notices in order, after the batch, and idle() waits for the last of them', async () => {
    const sent: string[] = [];
    const hub = {
      hasListeners: () => true,
      // each send takes 1 ms, so a list of 8 spans several 2 ms slices
      toUsers: (_users: readonly string[], m: WsAlarmMessage) => {
        busy(1);
        sent.push(`${m.event} ${m.alarm.id}`);
      },
    } as unknown as RealtimeHub;
    const errors: Error[] = [];
    const announcer = new OneUserAnnouncer({} as Db, hub, (e) => errors.push(e));
    announcer.announceChanges(
      Array.from({ length: 8 }, (_, i) => change(i)),
      [],
    );
    announcer.announce(1, 'processed', { id: 'a9', deviceId: 'D1' } as AlarmRecord);
    expect(sent).toEqual([]);
    await announcer.idle();
    expect(sent).toEqual([
      ...Array.from({ length: 8 }, (_, i) => `${i % 2 ? 'cleared' : 'raised'} a${i}`),
      'processed a9',
    ]);
    expect(errors).toEqual([]);
  });

  it('announces nothing of an episode that ended before it was learned of, and the raise of a still-active late one once, marked late', async () => {
    const sent: string[] = [];
    const hub = {
      hasListeners: () => true,
      toUsers: (_users: readonly string[], m: WsAlarmMessage) => sent.push(`${m.event} ${m.alarm.id}`),
    } as unknown as RealtimeHub;
    const announcer = new OneUserAnnouncer({} as Db, hub, () => undefined);
    const notices: AlarmNotice[] = [];
    const commands: string[] = [];
    const withCommand = (id: string, kind: string, late?: AlarmChange['late']): AlarmChange =>
      ({
        event: { kind },
        tenantId: 1,
        alarm: { id, deviceId: 'D1' } as AlarmRecord,
        meta: {
          notify: { groupIds: [], escalateGroupIds: [], robots: false },
          pushUsers: true,
          command: { type: 'setPeriods', periods: { workCollectionCycle: 1, workReportCycle: 5 } },
        },
        stored: true,
        ...(late ? { late } : {}),
      }) as unknown as AlarmChange;
    announcer.announceChanges(
      [
        withCommand('old', 'raised', 'ended'),
        withCommand('old', 'reminder', 'ended'),
        withCommand('old', 'cleared', 'ended'),
        withCommand('late', 'raised', 'active'),
        withCommand('late', 'reminder', 'caughtUp'),
        withCommand('live', 'raised'),
        withCommand('live', 'cleared'),
      ],
      [(n) => notices.push(n)],
      (deviceId, command) => {
        commands.push(`${deviceId} ${command.type}`);
        return Promise.resolve(true);
      },
    );
    await announcer.idle();
    expect(notices.map((n) => `${n.kind} ${n.alarm.id}${n.late ? ' late' : ''}`)).toEqual([
      'raised late late',
      'raised live',
      'cleared live',
    ]);
    expect(sent).toEqual(['raised late', 'raised live', 'cleared live']);
    expect(commands).toEqual(['D1 setPeriods', 'D1 setPeriods']);
  });
});
