import os from 'node:os';

/**
 * The ingest's MQTT client id on an external broker (`MQTT_CLIENT_ID`): the
 * broker keeps a persistent session — what the ingest has not acknowledged, and what is published
 * while it is away — only for a client that comes back with the same id. Unset: the default
 * `ztj-ingest-<host>-<port>` (host name reduced to the allowed characters, at most 60 characters in
 * all) is the same after a restart of the process and differs between processes on one host
 * (they cannot share the HTTP port). `random`: undefined, i.e. random ids and clean sessions.
 * An explicit id is kept as given. `port`: the HTTP `PORT`.
 */
export function ingestClientId(value: string | undefined, port: number, host = os.hostname()): string | undefined {
  if (value === 'random') return undefined;
  if (value) return value;
  const suffix = `-${port}`;
  const name = host.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 60 - 'ztj-ingest-'.length - suffix.length) || 'host';
  return `ztj-ingest-${name}${suffix}`;
}
