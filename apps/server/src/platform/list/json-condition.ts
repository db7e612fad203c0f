import { FIELD_JSON_LIMITS } from '@ztj/contracts';
import { AppError } from '../http/app-error';
import { parseBoundedJson } from '../json/bounded-json';

/**
 * The `condition` parameter of tree and dictionary loads (SPEC §5: a JSON object as a string,
 * e.g. `{"name":"冷"}`), as [key, text value] pairs; empty or absent → none. Which keys a caller
 * may use is decided by the caller (allow-listed columns, own keys only).
 * @throws AppError badRequest listValueInvalid on `condition` when it is not a JSON object.
 */
export function conditionPairs(condition: string | undefined): [string, string][] {
  if (!condition) return [];
  // bounded like every client JSON
  const read = parseBoundedJson(condition, FIELD_JSON_LIMITS);
  if (!read.ok) throw new AppError('badRequest', 'listValueInvalid', { field: 'condition' });
  const parsed = read.value;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new AppError('badRequest', 'listValueInvalid', { field: 'condition' });
  return Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [k, String(v ?? '')]);
}
