import {
  VALIDATION_MESSAGES,
  formatMessage,
  languageFromHeader,
  type ApiResponse,
  type FieldError,
  type Language,
  type MessageKey,
  type ValidationMessageKey,
} from '@ztj/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, statusOf } from './app-error';
import { fail } from './envelope';

/** Sends a failure envelope as text so a route's success schema does not apply to it. */
function sendFailure(reply: FastifyReply, http: number, body: ApiResponse<null>): FastifyReply {
  return reply.status(http).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * Route config of routes whose success answer is a file (static files, downloads, GET raw routes):
 * a file saver or `<img>` cannot read an envelope, so their 400/404 refusals keep the HTTP status.
 */
export const FILE_ANSWER_CONFIG = { fileAnswer: true } as const;

/** True when the matched route answers a file ({@link FILE_ANSWER_CONFIG}). */
function answersFile(req: FastifyRequest): boolean {
  return (req.routeOptions?.config as { fileAnswer?: boolean } | undefined)?.fileAnswer === true;
}

/** HTTP status of a refusal with envelope `code`: 200 for API answers, the code itself for files. */
function refusalStatus(req: FastifyRequest, code: number): number {
  return answersFile(req) ? code : 200;
}

/** Language of a request's messages (Accept-Language; zh-CN by default). */
export function requestLanguage(req: FastifyRequest): Language {
  return languageFromHeader(req.headers['accept-language']);
}

/**
 * Translates a zod issue: a `validation.*` key in the message becomes its text; zod's own English
 * messages become the generic translated text of their issue code.
 */
export function translateValidation(message: string, issueCode: string, lang: Language): string {
  if (message in VALIDATION_MESSAGES) return VALIDATION_MESSAGES[message as ValidationMessageKey][lang];
  let key: ValidationMessageKey = 'validation.invalid';
  if (issueCode === 'invalid_type' && /received undefined/.test(message)) key = 'validation.required';
  else if (issueCode === 'too_small') key = 'validation.tooShort';
  else if (issueCode === 'too_big') key = 'validation.tooLong';
  return VALIDATION_MESSAGES[key][lang];
}

/**
 * HTTP status and translated message of a framework client error (never Fastify's
 * English text). Refusals of the request's content (multipart failures raised outside
 * `readMultipart`, malformed JSON) answer HTTP 200 with envelope code 400 like a schema failure
 * (SPEC §8); a too large body (413), an unsupported media type (415) and an unknown
 * route (404) keep their HTTP status.
 */
/** Field errors an answer lists at most (the first ones, in the schema's order). */
export const MAX_FIELD_ERRORS = 10;

/** MiB of the biggest upload (`MAX_UPLOAD_BYTES` of platform/list/multipart.ts). */
const UPLOAD_MB = 10;

function clientFailure(code: string | undefined, status: number): { http: number; key: MessageKey } {
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return { http: 200, key: 'uploadTooLarge' };
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { http: 200, key: 'uploadTooManyParts' };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_MP_PREMATURE_CLOSE':
      return { http: 200, key: 'uploadMalformed' };
  }
  if (status === 404) return { http: 404, key: 'notFound' };
  if (status === 413) return { http: 413, key: 'requestTooLarge' };
  if (status === 415) return { http: 415, key: 'unsupportedMediaType' };
  return { http: status === 400 ? 200 : status, key: 'requestMalformed' };
}

/**
 * The one error handler (CONVENTIONS §4): AppError → its envelope; schema failures → HTTP 200
 * with `success: false`, code 400 and the field list (JeecgBoot clients read refusals
 * from the envelope); anything else → 500 with a generic translated message (logged in full).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const lang = requestLanguage(req);
    if (err instanceof AppError) {
      const { code, http: status } = statusOf(err.kind);
      const http = err.kind === 'badRequest' || err.kind === 'notFound' ? refusalStatus(req, code) : status;
      if (err.kind === 'internal') req.log.error({ err }, 'internal error');
      return sendFailure(reply, http, fail(code, formatMessage(err.messageKey, lang, err.params), err.fieldErrors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // the first issues only: a body of 10,000 bad items answers as fast as one
      const fields: FieldError[] = err.validation.slice(0, MAX_FIELD_ERRORS).map((v) => ({
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: translateValidation(v.message ?? '', v.schemaPath.split('/').pop() ?? '', lang),
      }));
      return sendFailure(reply, refusalStatus(req, 400), fail(400, formatMessage('validationFailed', lang), fields));
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's and its plugins' own client errors (bad JSON, body too large, media type, multipart).
      const { http, key } = clientFailure(err.code, status);
      const code = http === 404 ? 404 : 400;
      return sendFailure(
        reply,
        http === 200 ? refusalStatus(req, code) : http,
        fail(code, formatMessage(key, lang, { mb: UPLOAD_MB })),
      );
    }
    req.log.error({ err }, 'unhandled error');
    return sendFailure(reply, 500, fail(500, formatMessage('serverError', lang)));
  });
  app.setNotFoundHandler((req, reply) => {
    sendFailure(reply, 404, fail(404, formatMessage('notFound', requestLanguage(req))));
  });
}
