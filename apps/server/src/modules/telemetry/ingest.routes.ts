import { HEADER_DEVICE_SECRET, IngestRoutes, MAX_PAYLOAD_BYTES, type TopicChannel } from '@ztj/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { registerRoute } from '../../platform/http/register-route';
import type { DeviceRegistry } from './device-registry';
import { verifyDeviceSecret } from '../devices/device-secrets';
import type { IngestService } from './ingest.service';

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
 * secret. Answers after the readings are committed; refused readings are dead-lettered and answered
 * `success:false` with the reason (`ingestRejected`).
 */
export function ingestRoutes(app: FastifyInstance, db: Db, registry: DeviceRegistry, ingest: IngestService): void {
  const handle = async (
    req: FastifyRequest,
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
    if (out.accepted === 0) {
      // reason codes with the first details (the code, value and range of an out-of-range value)
      const reason = out.reasons
        .slice(0, 3)
        .map((r, i) => (out.details[i] ? `${r} (${out.details[i]})` : r))
        .join(', ');
      throw new AppError('badRequest', 'ingestRejected', { reason: out.reasons.length > 3 ? `${reason}, …` : reason });
    }
    return { accepted: out.accepted, rejected: out.rejected, reasons: out.reasons };
  };
  // Own context: bodies arrive as bytes, and the ingest bounds, UTF-8 checks and parses them as it
  // does an MQTT payload, so malformed or hostile JSON is dead-lettered the same way.
  void app.register(async (sub) => {
    sub.removeAllContentTypeParsers();
    sub.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PAYLOAD_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    registerRoute(sub, db, IngestRoutes.telemetry, ({ req, params }) => handle(req, params.deviceId, 'telemetry'));
    registerRoute(sub, db, IngestRoutes.events, ({ req, params }) => handle(req, params.deviceId, 'events'));
    registerRoute(sub, db, IngestRoutes.acks, ({ req, params }) => handle(req, params.deviceId, 'acks'));
    registerRoute(sub, db, IngestRoutes.gateway, ({ req, params }) =>
      handle(req, params.gatewayId, 'gatewayTelemetry'),
    );
  });
}
