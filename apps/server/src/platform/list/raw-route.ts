import fastifyMultipart from '@fastify/multipart';
import { wireLenient, type ApiResponse, type Language, type RouteDef } from '@ztj/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { loadPermissionCodes, type AuthContext } from '../auth/auth-context';
import type { Db } from '../db/db';
import { AppError } from '../http/app-error';
import { FILE_ANSWER_CONFIG, requestLanguage } from '../http/error-handler';
import { authenticate } from '../http/register-route';
import { attachment, contentTypeOf } from './files';
import { MULTIPART_LIMITS } from './multipart';
import { closeSheetPool } from './sheet-pool';

export { MAX_UPLOAD_BYTES, readMultipart } from './multipart';

/**
 * What a raw route answers: a file download or an envelope with its own code (201 imports).
 * A file's body may be a promise (spreadsheets are written in a worker thread).
 */
export type RawAnswer =
  | { kind: 'file'; fileName: string; body: Buffer | Promise<Buffer>; contentType?: string }
  | { kind: 'envelope'; body: ApiResponse<unknown> };

export interface RawRouteContext<D extends RouteDef> {
  auth: AuthContext;
  lang: Language;
  query: z.output<NonNullable<D['query']>>;
  req: FastifyRequest;
}

/**
 * Registers a contracts route whose answer is not a plain success envelope: .xls exports, and
 * multipart imports / uploads that may answer code 201. Access is checked exactly as
 * `registerRoute` does (token → tenant → permission code → 510).
 */
export function registerRawRoute<D extends RouteDef>(
  app: FastifyInstance,
  db: Db,
  def: D,
  handler: (ctx: RawRouteContext<D>) => Promise<RawAnswer>,
): void {
  if (def.access === 'public') throw new Error(`raw route ${def.path} must not be public`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    // GET raw routes answer files (exports, downloads): their refusals keep HTTP statuses
    ...(def.method === 'GET' ? { config: FILE_ANSWER_CONFIG } : {}),
    schema: {
      summary: def.summary,
      tags: [def.tag],
      security: [{ token: [] }],
      ...(def.query ? { querystring: wireLenient(def.query) } : {}),
    },
    handler: async (req, reply) => {
      const auth = await authenticate(db, req);
      if (def.access !== 'session') {
        const codes = await loadPermissionCodes(db, auth.userId, auth.tenantId);
        if (!codes.has(def.access)) throw new AppError('noPermission', 'noPermission');
      }
      const answer = await handler({
        auth,
        lang: requestLanguage(req),
        query: req.query as RawRouteContext<D>['query'],
        req,
      });
      return sendRaw(reply, answer);
    },
  });
}

async function sendRaw(reply: FastifyReply, answer: RawAnswer): Promise<FastifyReply> {
  if (answer.kind === 'file') {
    const body = await answer.body;
    return reply
      .header('content-type', answer.contentType ?? contentTypeOf(answer.fileName))
      .header('content-disposition', attachment(answer.fileName))
      .send(body);
  }
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
}

/**
 * Platform pieces of files (SPEC §7 upload/static): the multipart parser. The static route that
 * serves DATA_DIR/files to the owning tenant lives in modules/common/static.routes.ts.
 */
export function registerFilePlatform(app: FastifyInstance, _dataDir: string): void {
  void app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  app.addHook('onClose', () => closeSheetPool());
}
