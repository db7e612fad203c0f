import { describe, expect, it } from 'vitest';
import { qualityRows } from './meterQuality';

/** The data-quality rows of the meter screen: newest first, anomalies marked, steps in kWh as read. */
describe('qualityRows', () => {
  it('orders events newest first and marks spikes and drops as anomalies', () => {
    const rows = qualityRows([
      { kind: 'reset', ts: 1_000, prevTs: 900, prevKWh: 8_182, kWh: 0.02, countedKWh: 0.8 },
      { kind: 'spike', ts: 3_000, prevTs: 2_000, prevKWh: 12.5, kWh: 45_012.6, countedKWh: 0 },
      { kind: 'drop', ts: 2_000, prevTs: 1_500, prevKWh: 45_001, kWh: 12_345, countedKWh: 0 },
      { kind: 'rollover', ts: 500, prevTs: 400, prevKWh: 99_999, kWh: 3.01, countedKWh: 4 },
    ]);
    expect(rows.map((r) => [r.kind, r.anomaly, r.stepKWh, r.countedKWh])).toEqual([
      ['spike', true, 45_000.1, 0],
      ['drop', true, -32_656, 0],
      ['reset', false, -8_181.98, 0.8],
      ['rollover', false, -99_995.99, 4],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(4);
  });

  it('gives no rows for no events', () => {
    expect(qualityRows([])).toEqual([]);
  });
});
