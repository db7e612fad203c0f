import { formatMessage, type Language, type MessageKey } from '@ztj/contracts';
import { AppError } from './app-error';

/** Field-level refusals every module's services throw (code 400 / 409 with the field error list). */

/** A 400 with one translated field error (`field` is the body path, e.g. `members.0.userId`). */
export function fieldFailure(
  lang: Language,
  field: string,
  key: MessageKey,
  params: Record<string, string | number> = {},
): AppError {
  return new AppError('badRequest', key, params, [{ field, message: formatMessage(key, lang, params) }]);
}

/** A conflict (name taken) carrying the field error on `name`. */
export function nameTaken(lang: Language, key: MessageKey): AppError {
  return new AppError('conflict', key, {}, [{ field: 'name', message: formatMessage(key, lang) }]);
}
