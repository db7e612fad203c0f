import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { ingestClientId } from './ingest-client-id';

describe('the ingest client id on an external broker', () => {
  it('defaults to a persistent id from host and HTTP port, the same after a restart', () => {
    expect(ingestClientId(undefined, 8080, 'edge-01')).toBe('ztj-ingest-edge-01-8080');
    expect(ingestClientId(undefined, 8081, 'edge-01')).not.toBe(ingestClientId(undefined, 8080, 'edge-01'));
  });

  it('reduces a host name to the allowed characters and at most 60 characters', () => {
    const id = ingestClientId(undefined, 65535, `höst name/${'x'.repeat(80)}`)!;
    expect(id).toMatch(/^[A-Za-z0-9_.:-]{1,60}$/);
    expect(id.endsWith('-65535')).toBe(true);
  });

  it('keeps an explicit id; "random" means clean sessions with random ids', () => {
    expect(ingestClientId('ingest-a', 8080)).toBe('ingest-a');
    expect(ingestClientId('random', 8080)).toBeUndefined();
    expect(loadConfig({ MQTT_CLIENT_ID: 'random', MQTT_URL: 'mqtt://127.0.0.1:1883' }).mqttClientId).toBeUndefined();
  });

  it('MQTT_INGEST_TOPICS narrows the subscription; a blank filter is refused', () => {
    expect(
      loadConfig({ MQTT_INGEST_TOPICS: 'ztj/devices/A/telemetry,ztj/devices/B/telemetry' }).mqttIngestTopics,
    ).toEqual(['ztj/devices/A/telemetry', 'ztj/devices/B/telemetry']);
    expect(() => loadConfig({ MQTT_INGEST_TOPICS: 'a,,b' })).toThrow(/topic filters/);
  });
});
