/**
 * reading the broker's `$SYS` counters and when drops warn (pure logic, injected
 * clock). Silence — no new report, or the same value again — never repeats a warning.
 */
import { describe, expect, it } from 'vitest';
import { BrokerCounterReader, DropWatch, PeakRate } from './broker-counters';
import { BrokerStats } from './broker-stats';

describe('BrokerCounterReader', () => {
  it("reads Mosquitto's counters and ignores other topics and non-numbers", () => {
    const r = new BrokerCounterReader();
    expect(r.take('$SYS/broker/uptime', '24 seconds')).toBe(false);
    expect(r.take('$SYS/broker/publish/messages/dropped', 'n/a')).toBe(false);
    expect(r.kind).toBeUndefined();
    expect(r.take('$SYS/broker/store/messages/count', '153')).toBe(true);
    // Mosquitto never sends a counter that is still 0
    expect(r.dropped).toBe(0);
    expect(r.take('$SYS/broker/publish/messages/dropped', '400')).toBe(true);
    expect(r.take('$SYS/broker/store/messages/bytes', '1009')).toBe(true);
    expect(r).toMatchObject({ kind: 'mosquitto', dropped: 400, storeMessages: 153, storeBytes: 1009 });
  });

  it("sums EMQX's full-queue drops over its nodes (no store count)", () => {
    const r = new BrokerCounterReader();
    r.take('$SYS/brokers/emqx@10.0.0.1/metrics/delivery/dropped/queue_full', '5');
    r.take('$SYS/brokers/emqx@10.0.0.2/metrics/delivery/dropped/queue_full', '7');
    r.take('$SYS/brokers/emqx@10.0.0.1/metrics/delivery/dropped/queue_full', '6');
    expect(r).toMatchObject({ kind: 'emqx', dropped: 13, storeMessages: undefined, storeBytes: undefined });
  });
});

describe('DropWatch', () => {
  const MIN = 60_000;

  it('warns the first time drops show, not again while they grow or stay, again after a quiet period', () => {
    const w = new DropWatch(10 * MIN);
    expect(w.observe(0, 0)).toBeUndefined();
    expect(w.observe(400, 1_000)).toEqual({ total: 400, added: 400 });
    // the same value at every tick: silence
    for (let t = 2_000; t < 60_000; t += 1_000) expect(w.observe(400, t)).toBeUndefined();
    // growth within the episode (less than 10 min since the last growth)
    expect(w.observe(450, 5 * MIN)).toBeUndefined();
    expect(w.observe(500, 14 * MIN)).toBeUndefined();
    // 10 min without growth, then growth: a new episode
    expect(w.observe(500, 20 * MIN)).toBeUndefined();
    expect(w.observe(650, 24 * MIN + 1)).toEqual({ total: 650, added: 250 });
  });

  it('starts from 0 again when the broker restarted (its counter went down)', () => {
    const w = new DropWatch(MIN);
    expect(w.observe(100, 0)).toEqual({ total: 100, added: 100 });
    expect(w.observe(0, 10 * MIN)).toBeUndefined();
    expect(w.observe(30, 20 * MIN)).toEqual({ total: 30, added: 30 });
  });
});

describe('PeakRate', () => {
  it('keeps the highest rate of the window, from samples a second apart or more', () => {
    const r = new PeakRate(60_000);
    r.sample(0, 0);
    r.sample(500, 400); // under a second: not a sample
    r.sample(1_000, 1_000);
    r.sample(3_000, 1_200);
    expect(r.peak()).toBe(1_000);
    r.sample(70_000, 1_300); // the 1,000/s sample left the window
    expect(r.peak()).toBeCloseTo(100 / 67, 5);
  });
});

describe('BrokerStats warnings', () => {
  it('logs one warning with the fix and the queue needed, none while no new report comes', () => {
    let now = 0;
    let received = 0;
    const warns: { obj: object; msg: string }[] = [];
    const stats = new BrokerStats({
      url: 'mqtt://127.0.0.1:1',
      ingestClientId: 'ztj-ingest-host-3000',
      now: () => now,
      ingestReceived: () => received,
      log: { info: () => undefined, warn: (obj, msg) => void warns.push({ obj, msg }) },
    });
    stats.take('$SYS/broker/publish/messages/dropped', '0');
    now = 10_000;
    received = 5_000; // 500 msg/s
    stats.take('$SYS/broker/publish/messages/dropped', '0');
    expect(warns).toHaveLength(0);
    now = 11_000;
    stats.take('$SYS/broker/publish/messages/dropped', '11310');
    expect(warns).toHaveLength(1);
    expect(warns[0]!.msg).toContain('max_queued_messages / max_queued_bytes');
    expect(warns[0]!.msg).toContain('ztj-ingest-host-3000-<i>');
    expect(warns[0]!.msg).toContain('60 s → 30000, 300 s → 150000');
    expect(warns[0]!.obj).toMatchObject({ brokerDropped: 11310, broker: 'mosquitto' });
    // the same value at later ticks, and then no report at all: still one warning
    for (now = 12_000; now < 100_000; now += 1_000) stats.take('$SYS/broker/publish/messages/dropped', '11310');
    expect(warns).toHaveLength(1);
    expect(stats.snapshot()).toMatchObject({ state: 'reporting', kind: 'mosquitto', dropped: 11310 });
  });
});
