import {
  HEADER_DEVICE_SECRET,
  IngestRoutes,
  MAX_PAYLOAD_BYTES,
  ingestRefusalText,
  type FieldError,
  type Language,
  type TopicChannel,
} from '@ztj/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { FILE_ANSWER_CONFIG } from '../../platform/http/error-handler';
import { registerRoute } from '../../platform/http/register-route';
import type { DeviceRegistry } from './device-registry';
import { verifyDeviceSecret } from '../devices/device-secrets';
import type { IngestOutcome, IngestService } from './ingest.service';

/** Refusals named in an HTTP ingest answer at most (the first ones). */
const NAMED_REFUSALS = 3;

/**
 * Why the readings of a refused message were refused, in `lang`: the text of each of the first
 * {@link NAMED_REFUSALS} causes (`INGEST_REFUSAL_MESSAGES`) with the field it concerns.
 */
export function refusalText(out: Pick<IngestOutcome, 'causes'>, lang: Language): string {
  const named = out.causes
    .slice(0, NAMED_REFUSALS)
    .map((c) => (c.field ? `${ingestRefusalText(c.key, lang)} (${c.field})` : ingestRefusalText(c.key, lang)));
  return out.causes.length > NAMED_REFUSALS ? `${named.join('; ')}; …` : named.join('; ');
}

/** A dead letter's detail without the field and reason key it starts with (`values.P003: telemetry.outOfRange (…)` → `…`). */
function plainDetail(detail: string | undefined, c: IngestOutcome['causes'][number]): string {
  if (!detail) return '';
  const prefix = `${c.field ? `${c.field}: ` : ''}${c.key}`;
  if (!detail.startsWith(prefix)) return detail;
  return detail
    .slice(prefix.length)
    .trim()
    .replace(/^\((.*)\)$/, '$1');
}

/**
 * The envelope's field errors of a refused message: each of the first {@link NAMED_REFUSALS}
 * causes with its field (`payload` when it has none) and its reason in `lang`, followed by the
 * ingest's detail (the value and the bound it broke, e.g. `P003 temperature 1e+300 °C outside
 * -80…150 °C`: numbers and units, as the dead letter keeps it).
 */
export function refusalFields(out: Pick<IngestOutcome, 'causes' | 'details'>, lang: Language): FieldError[] {
  return out.causes.slice(0, NAMED_REFUSALS).map((c, i) => {
    const reason = ingestRefusalText(c.key, lang);
    const detail = plainDetail(out.details[i], c);
    return { field: c.field ?? 'payload', message: detail ? `${reason}: ${detail}` : reason };
  });
}

/** The device secret of a request: `X-Device-Secret`, or the password of HTTP Basic `deviceId:secret`. */
function secretOf(req: FastifyRequest, deviceId: string): string | undefined {
  const header = req.headers[HEADER_DEVICE_SECRET.toLowerCase()];
  if (typeof header === 'string' && header) return header;
  const auth = req.headers.authorization;
  if (auth?.startsWith('Basic ')) {
    const decoded = Buffer.from(auth.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0 && decoded.slice(0, colon) === deviceId) return decoded.slice(colon + 1);
  }
  return undefined;
}

/** Body bytes as received (the ingest checks them as it checks an MQTT payload); an empty body is empty. */
const bodyBytes = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

/**
 * HTTP ingest (ARCHITECTURE §5): the MQTT payloads over POST, authenticated with the device's own
 * secret. Answers after the readings are committed; a message whose readings are all refused is
 * dead-lettered (and logged in the device log) and answered HTTP 400, `success:false`, with the
 * translated reasons in the caller's Accept-Language (`ingestRejected`, {@link refusalText}).
 */
export function ingestRoutes(app: FastifyInstance, db: Db, registry: DeviceRegistry, ingest: IngestService): void {
  const handle = async (
    req: FastifyRequest,
    lang: Language,
    id: string,
    channel: TopicChannel,
  ): Promise<{ accepted: number; rejected: number; reasons: string[] }> => {
    const device = await registry.get(id);
    if (!device || !verifyDeviceSecret(secretOf(req, id), device.secretHash))
      throw new AppError('unauthorized', 'deviceAuthFailed');
    const out = await ingest.handleAndWait({
      source: `http:${req.url.split('?')[0]}`,
      channel,
      id,
      payload: bodyBytes(req.body),
      authDeviceId: id,
    });
    if (out.accepted === 0)
      throw new AppError('badRequest', 'ingestRejected', { reason: refusalText(out, lang) }, refusalFields(out, lang));
    return { accepted: out.accepted, rejected: out.rejected, reasons: out.reasons };
  };
  // Own context: bodies arrive as bytes, and the ingest bounds, UTF-8 checks and parses them as it
  // does an MQTT payload, so malformed or hostile JSON is dead-lettered the same way.
  void app.register(async (sub) => {
    // Devices, like file savers, go by the HTTP status: refusals keep theirs (400) instead of the
    // console's HTTP 200 with `success:false` (error-handler.ts).
    sub.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object | undefined), ...FILE_ANSWER_CONFIG } as typeof route.config;
    });
    sub.removeAllContentTypeParsers();
    sub.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PAYLOAD_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    registerRoute(sub, db, IngestRoutes.telemetry, ({ req, lang, params }) =>
      handle(req, lang, params.deviceId, 'telemetry'),
    );
    registerRoute(sub, db, IngestRoutes.events, ({ req, lang, params }) =>
      handle(req, lang, params.deviceId, 'events'),
    );
    registerRoute(sub, db, IngestRoutes.acks, ({ req, lang, params }) => handle(req, lang, params.deviceId, 'acks'));
    registerRoute(sub, db, IngestRoutes.gateway, ({ req, lang, params }) =>
      handle(req, lang, params.gatewayId, 'gatewayTelemetry'),
    );
  });
}
