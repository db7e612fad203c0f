import { describe, expect, it } from 'vitest';
import { INGEST_TOPIC_FILTERS, parseTopic, sharedIngestFilters, topics } from './topics';

describe('device topics (ARCHITECTURE §5)', () => {
  it('builds and parses every channel', () => {
    expect(topics.telemetry('SIM-VH-001')).toBe('ztj/devices/SIM-VH-001/telemetry');
    expect(topics.gatewayTelemetry('SIM-GW-001')).toBe('ztj/gateways/SIM-GW-001/telemetry');
    expect(parseTopic(topics.telemetry('A1'))).toEqual({ channel: 'telemetry', id: 'A1' });
    expect(parseTopic(topics.events('A1'))).toEqual({ channel: 'events', id: 'A1' });
    expect(parseTopic(topics.acks('A1'))).toEqual({ channel: 'acks', id: 'A1' });
    expect(parseTopic(topics.commands('A1'))).toEqual({ channel: 'commands', id: 'A1' });
    expect(parseTopic(topics.gatewayTelemetry('G.1'))).toEqual({ channel: 'gatewayTelemetry', id: 'G.1' });
  });

  it('rejects foreign topics and ids with wildcard or separator characters', () => {
    expect(parseTopic('other/devices/A1/telemetry')).toBeNull();
    expect(parseTopic('ztj/devices/A1/telemetry/x')).toBeNull();
    expect(parseTopic('ztj/gateways/A1/events')).toBeNull();
    expect(parseTopic('ztj/devices/A+1/telemetry')).toBeNull();
    expect(() => topics.telemetry('a/b')).toThrow();
    expect(() => topics.telemetry('#')).toThrow();
  });

  it('offers plain and shared ingest filters', () => {
    expect(INGEST_TOPIC_FILTERS).toContain('ztj/gateways/+/telemetry');
    expect(sharedIngestFilters()[0]).toBe('$share/ingest/ztj/devices/+/telemetry');
  });
});
