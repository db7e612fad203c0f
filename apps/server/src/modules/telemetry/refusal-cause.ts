import { isIngestRefusalReason } from '@ztj/contracts';

/**
 * What a refusal is about, finer than its dead-letter reason (ARCHITECTURE §5): `key` a reason of
 * `INGEST_REFUSAL_MESSAGES` (the schema's issue key such as `telemetry.outOfRange`, else the
 * dead-letter reason), `field` the payload path it concerns (`values.P003`) or null.
 */
export interface RefusalCause {
  key: string;
  field: string | null;
}

/** A zod issue as the payload schemas raise it. */
interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  keys?: readonly string[];
}

/**
 * The cause of a schema refusal from its first issue: an issue message that names a refusal text
 * (`telemetry.*`) is the key; unknown keys in `values` are `telemetry.unknownParameter` (field
 * `values.<code>`); anything else is `fallback` (`invalid` or `forbiddenKey`) at the issue's path.
 */
export function causeOfIssues(issues: readonly IssueLike[], fallback: string): RefusalCause {
  const first = issues[0];
  if (!first) return { key: fallback, field: null };
  const path = first.path.map(String);
  if (first.code === 'unrecognized_keys' && path[path.length - 1] === 'values')
    return { key: 'telemetry.unknownParameter', field: [...path, first.keys?.[0] ?? ''].join('.') };
  return {
    key: isIngestRefusalReason(first.message) ? first.message : fallback,
    field: path.length ? path.join('.') : null,
  };
}
