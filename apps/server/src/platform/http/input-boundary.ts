import { INVALID_TEXT, VALIDATION_MESSAGES, type Language } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { requestLanguage } from './error-handler';

/** Whether `s` holds text the server refuses (NUL, other C0 controls but tab/CR/LF, lone surrogates). */
export function hasInvalidText(s: string): boolean {
  return INVALID_TEXT.test(s);
}

/**
 * Path of the first string value in `value` holding invalid text (`a.b.0`, as the validation
 * field list writes paths; `''` for `value` itself) or of the object whose key holds it, or `null`
 * when all text is valid.
 * Walks iteratively, so deep nesting cannot overflow the stack.
 */
export function findInvalidText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasInvalidText(v)) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, item] of Object.entries(v)) {
        // an invalid key is reported at its object: the key itself is not echoed back
        if (hasInvalidText(k)) return path;
        stack.push([item, path ? `${path}.${k}` : k]);
      }
    }
  }
  return null;
}

/** The 400 refusing invalid text in `fields` (code 400, translated field list). */
export function invalidTextFailure(fields: string[], lang: Language): AppError {
  const message = VALIDATION_MESSAGES['validation.invalidText'][lang];
  return new AppError(
    'badRequest',
    'validationFailed',
    {},
    fields.map((field) => ({ field, message })),
  );
}

/**
 * The one input boundary for text: before any route's schema validation and
 * handler, path parameters, the query string and a parsed body are refused (HTTP 200, code 400,
 * `errors: [{field, message}]`) when a string or key holds a NUL byte, another C0 control
 * character than tab/CR/LF, or a lone UTF-16 surrogate — PostgreSQL cannot store the first, the
 * last would be silently replaced. The field is the parameter's or body path's name (`body` /
 * `query` / `params` for a bare value). Multipart parts are checked by `readMultipart`.
 */
export function installInputBoundary(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    const fields: string[] = [];
    for (const [part, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const at = findInvalidText(value);
      if (at !== null) fields.push(at || part);
    }
    if (fields.length) throw invalidTextFailure(fields, requestLanguage(req));
  });
}
