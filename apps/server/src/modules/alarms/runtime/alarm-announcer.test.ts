import type { AlarmRecord, WsAlarmMessage } from '@ztj/contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../platform/db/db';
import type { RealtimeHub } from '../../../platform/realtime/hub';
import { AlarmAnnouncer } from './alarm-announcer';
import type { AlarmChange } from './alarm-batch';

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
});
