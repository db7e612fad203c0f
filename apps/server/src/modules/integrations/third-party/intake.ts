import {
  PARAMETERS,
  THIRD_PARTY_CLOCK_SKEW_MS,
  THIRD_PARTY_PARAMS,
  type ThirdPartyIntake,
  type ThirdPartyType,
} from '@ztj/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import type { IngestOutcome } from '../../telemetry/ingest-types';
import { keyHash } from './third-party.service';

/** The ingest entry that answers once readings are committed (IngestService.handleAndWait). */
export interface WaitingIngest {
  handleAndWait(msg: {
    source: string;
    channel: 'telemetry';
    id: string;
    payload: string;
    authDeviceId: string;
  }): Promise<IngestOutcome>;
}

const CODE_BY_KEY = new Map(PARAMETERS.map((p) => [p.key as string, p.code as string]));

/**
 * The parameter code of a payload field for an integration type: a code (`P054`) or a parameter
 * name (`energy`) among the type's parameters; null otherwise.
 */
export function fieldCode(type: ThirdPartyType, field: string): string | null {
  const code = /^P\d{3}$/.test(field) ? field : CODE_BY_KEY.get(field);
  return code && THIRD_PARTY_PARAMS[type].includes(code) ? code : null;
}

/** The API key of `Authorization: Bearer <key>`. */
function bearerOf(req: FastifyRequest): string | null {
  const auth = req.headers.authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7).trim() : null;
}

/**
 * `POST /wlx/thirdParty/intake`: authenticates the integration by its API key
 * (401 thirdPartyBadKey: missing, unknown, rotated, or the integration disabled), refuses a
 * replayed or stale request (`requestId` seen before, or `sentAt` more than 5 minutes off: code
 * 409 thirdPartyReplay), a device the integration does not feed (404 thirdPartyUnknownDevice,
 * nothing stored) and a field outside its type (400 thirdPartyUnknownField), then hands every
 * reading to the same ingest as MQTT/HTTP (validation, storage, alarms, live). Readings the ingest
 * refuses answer its own `ingestRejected` (the others are stored).
 */
export async function intake(
  db: Db,
  ingest: WaitingIngest,
  req: FastifyRequest,
  body: ThirdPartyIntake,
  now = Date.now(),
): Promise<{ accepted: number }> {
  const key = bearerOf(req);
  const [integration] = key
    ? await db.query<{ id: string; tenant_id: number; type: ThirdPartyType }>(
        'SELECT id, tenant_id, type FROM third_party_integration WHERE key_hash = $1 AND enabled',
        [keyHash(key)],
      )
    : [];
  if (!integration) throw new AppError('unauthorized', 'thirdPartyBadKey');
  const ids = [...new Set(body.readings.map((r) => r.deviceId))];
  const fed = await db.query<{ dev_no: string }>(
    'SELECT t.dev_no FROM third_party_device t JOIN device d ON d.dev_no = t.dev_no WHERE t.integration_id = $1 AND d.tenant_id = $2 AND t.dev_no = ANY($3::text[])',
    [integration.id, integration.tenant_id, ids],
  );
  const known = new Set(fed.map((r) => r.dev_no));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw new AppError('notFound', 'thirdPartyUnknownDevice', { device: unknown });
  const payloads = body.readings.map((r) => {
    const values: Record<string, number | boolean> = {};
    for (const [field, value] of Object.entries(r.values)) {
      const code = fieldCode(integration.type, field);
      if (!code) throw new AppError('badRequest', 'thirdPartyUnknownField', { field: field.slice(0, 32) });
      values[code] = value;
    }
    return { id: r.deviceId, payload: JSON.stringify({ ts: r.ts, values }) };
  });
  if (Math.abs(body.sentAt - now) > THIRD_PARTY_CLOCK_SKEW_MS) throw new AppError('conflict', 'thirdPartyReplay');
  const fresh = await db.query(
    'INSERT INTO third_party_request (integration_id, request_id, received_ms) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING request_id',
    [integration.id, body.requestId, now],
  );
  if (!fresh.length) throw new AppError('conflict', 'thirdPartyReplay');
  await db.query('UPDATE third_party_integration SET last_used_time = now() WHERE id = $1', [integration.id]);
  const outcomes = await Promise.all(
    payloads.map((p) =>
      ingest.handleAndWait({
        source: `thirdParty:${integration.id}`,
        channel: 'telemetry',
        id: p.id,
        payload: p.payload,
        authDeviceId: p.id,
      }),
    ),
  );
  const accepted = outcomes.reduce((n, o) => n + o.accepted, 0);
  const refused = outcomes.flatMap((o) => o.reasons.map((r, i) => (o.details[i] ? `${r} (${o.details[i]})` : r)));
  if (refused.length)
    throw new AppError('badRequest', 'ingestRejected', {
      reason: refused.length > 3 ? `${refused.slice(0, 3).join(', ')}, …` : refused.join(', '),
    });
  return { accepted };
}

/** Drops request ids older than twice the clock-skew window (they can no longer be replayed). */
export async function pruneRequests(db: Db, now = Date.now()): Promise<void> {
  await db.query('DELETE FROM third_party_request WHERE received_ms < $1', [now - 2 * THIRD_PARTY_CLOCK_SKEW_MS]);
}
