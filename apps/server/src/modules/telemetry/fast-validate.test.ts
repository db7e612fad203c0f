import { GatewayTelemetryPayloadSchema, TelemetryPayloadSchema } from '@ztj/contracts';
import { describe, expect, it } from 'vitest';
import { fastGatewayBatch, fastTelemetry } from './fast-validate';

const T = Date.UTC(2026, 0, 1);
const cases: unknown[] = [
  { ts: T, values: { P003: -18.2, P004: 65 } },
  { ts: T, values: {}, lat: 41.8, lng: 123.4 },
  { ts: T, values: {} },
  { ts: T, values: { P003: 1 }, lat: 41.8 },
  { ts: T, values: { P003: 1 }, lat: null, lng: null },
  { ts: T + 0.5, values: { P003: 1 } },
  { ts: 5, values: { P003: 1 } },
  { ts: String(T), values: { P003: 1 } },
  { ts: T, values: { P004: 101 } },
  { ts: T, values: { P001: 1 } },
  { ts: T, values: { P999: 1 } },
  { ts: T, values: { P011: 1 } },
  { ts: T, values: { P011: true, P028: 'x'.repeat(128) } },
  { ts: T, values: { P028: 'x'.repeat(129) } },
  { ts: T, values: { P003: 1 }, seq: -1 },
  { ts: T, values: { P003: 1 }, seq: 3, extra: 'ignored' },
  { ts: T, values: [1] },
  { ts: T, values: { P003: 1 }, lat: 91, lng: 0 },
  { ts: T, values: { P003: 1 }, lat: 0, lng: -180 },
  [],
  null,
  'text',
];

describe('fast telemetry validation matches the contract schema', () => {
  it.each(cases.map((c, i) => [i, c]))('case %i', (_i, body) => {
    expect(fastTelemetry(body) !== null).toBe(TelemetryPayloadSchema.safeParse(body).success);
  });
  it('keeps the same data as the schema', () => {
    const body = { ts: T, values: { P003: 1.5 }, lat: 1, lng: 2, seq: 7, extra: 1 };
    expect(fastTelemetry(body)).toEqual(TelemetryPayloadSchema.parse(body));
  });
  it.each([
    [{ ts: T, readings: [{ deviceId: 'A-1', ts: T, values: { P003: 1 } }] }],
    [{ ts: T, readings: [] }],
    [{ ts: T, readings: [{ deviceId: 'a/b', ts: T, values: { P003: 1 } }] }],
    [{ ts: T, readings: [{ deviceId: 'A', ts: T, values: {} }] }],
    [{ ts: T, readings: Array.from({ length: 501 }, () => ({ deviceId: 'A', ts: T, values: { P003: 1 } })) }],
  ])('gateway batch %#', (body) => {
    expect(fastGatewayBatch(body) !== null).toBe(GatewayTelemetryPayloadSchema.safeParse(body).success);
  });
});
