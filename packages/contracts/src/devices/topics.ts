/**
 * MQTT topics of the device stream (ARCHITECTURE §5: topics are ours; SPEC §7 device calls).
 *
 * Up (device → platform), QoS 1:
 * - `ztj/devices/{deviceId}/telemetry`   one reading, {@link TelemetryPayloadSchema}
 * - `ztj/devices/{deviceId}/events`      a state change (power, flight mode, low power, charging)
 * - `ztj/devices/{deviceId}/acks`        answer to a command
 * - `ztj/gateways/{gatewayId}/telemetry` a batch of sub-device readings relayed by a gateway
 * Down (platform → device), QoS 1:
 * - `ztj/devices/{deviceId}/commands`    period settings, remote shutdown
 *
 * A gateway is a device too: its own readings, events, acks and commands use the `devices/`
 * topics; `gateways/{id}/telemetry` carries only its sub-devices' readings.
 * Ids are terminal numbers and never contain `/`, `+` or `#`. No tenant in the topic: the server
 * finds the tenant from the authenticated device, so a device cannot claim another tenant.
 * The fixed `ztj/` root keeps the stream apart from other users of a shared broker.
 */

/** Root of every topic. */
export const TOPIC_ROOT = 'ztj';

/** Allowed device, gateway and sub-device ids: 1-64 of letters, digits, `_`, `.`, `-`. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

/** The topic channels (see the file comment). */
export type TopicChannel = 'telemetry' | 'events' | 'acks' | 'commands' | 'gatewayTelemetry';

function checkedId(id: string): string {
  if (!DEVICE_ID_PATTERN.test(id)) throw new Error(`invalid device id for a topic: ${JSON.stringify(id)}`);
  return id;
}

/** Topic builders; they throw on an id that {@link DEVICE_ID_PATTERN} rejects. */
export const topics = {
  telemetry: (deviceId: string): string => `${TOPIC_ROOT}/devices/${checkedId(deviceId)}/telemetry`,
  events: (deviceId: string): string => `${TOPIC_ROOT}/devices/${checkedId(deviceId)}/events`,
  acks: (deviceId: string): string => `${TOPIC_ROOT}/devices/${checkedId(deviceId)}/acks`,
  commands: (deviceId: string): string => `${TOPIC_ROOT}/devices/${checkedId(deviceId)}/commands`,
  gatewayTelemetry: (gatewayId: string): string => `${TOPIC_ROOT}/gateways/${checkedId(gatewayId)}/telemetry`,
} as const;

/** Subscription filters of the ingest (everything devices publish). */
export const INGEST_TOPIC_FILTERS = [
  `${TOPIC_ROOT}/devices/+/telemetry`,
  `${TOPIC_ROOT}/devices/+/events`,
  `${TOPIC_ROOT}/devices/+/acks`,
  `${TOPIC_ROOT}/gateways/+/telemetry`,
] as const;

/**
 * The same filters as an MQTT 5 / Mosquitto / EMQX shared subscription, so several ingest
 * processes split the stream (ARCHITECTURE §6). The embedded aedes broker has no shared
 * subscriptions: use the plain filters there.
 */
export function sharedIngestFilters(group = 'ingest', filters: readonly string[] = INGEST_TOPIC_FILTERS): string[] {
  return filters.map((f) => `$share/${group}/${f}`);
}

/** A topic read back: which channel, and the device or gateway id in it. */
export interface ParsedTopic {
  channel: TopicChannel;
  id: string;
}

/** Parses a topic of this scheme; null for anything else (wrong root, unknown channel, bad id). */
export function parseTopic(topic: string): ParsedTopic | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== TOPIC_ROOT) return null;
  const [, scope, id, last] = parts as [string, string, string, string];
  if (!DEVICE_ID_PATTERN.test(id)) return null;
  if (scope === 'gateways') return last === 'telemetry' ? { channel: 'gatewayTelemetry', id } : null;
  if (scope !== 'devices') return null;
  if (last === 'telemetry' || last === 'events' || last === 'acks' || last === 'commands') return { channel: last, id };
  return null;
}
