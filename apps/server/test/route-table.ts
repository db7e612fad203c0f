import * as contracts from '@ztj/contracts';
import type { RouteDef } from '@ztj/contracts';
import { z } from 'zod';

/**
 * The contracts' route table as data for the sweeps over every route (security/input-fuzz.test.ts,
 * security/hostile-input.test.ts): a route added to the contracts joins them by itself.
 */

export type Json = z.core.JSONSchema.BaseSchema;

/** Every route definition exported by the contracts package. */
export function routeTable(): RouteDef[] {
  const defs: RouteDef[] = [];
  for (const table of Object.values(contracts)) {
    if (!table || typeof table !== 'object' || Array.isArray(table)) continue;
    const entries = Object.values(table as Record<string, unknown>);
    const isDef = (d: unknown): d is RouteDef =>
      !!d && typeof d === 'object' && 'method' in d && 'path' in d && 'result' in d && 'access' in d;
    if (entries.length && entries.every(isDef)) defs.push(...entries);
  }
  return defs;
}

/** The JSON schema of a zod schema (input side), or undefined when it cannot be written. */
export function jsonOf(schema: z.ZodType | undefined): Json | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  } catch {
    return undefined;
  }
}

const STRING_CANDIDATES = ['Fuzzuser1', '13800000000', 'Fuzz#Pass2026a', 'fuzz@example.com', 'A01', '1', 'x'];

/** A plausible valid value for a JSON schema (enough to pass validation often, not always). */
export function sample(s: Json | boolean | undefined): unknown {
  if (!s || s === true) return 'x';
  const alt = (s.anyOf ?? s.oneOf)?.find((o) => typeof o === 'object' && o.type !== 'null');
  if (alt) return sample(alt as Json);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (s.type) {
    case 'string': {
      if (s.format === 'email') return 'fuzz@example.com';
      const ok = (v: string): boolean =>
        (!s.pattern || new RegExp(s.pattern).test(v)) &&
        v.length >= (s.minLength ?? 0) &&
        v.length <= (s.maxLength ?? Infinity);
      return STRING_CANDIDATES.find(ok) ?? 'x'.repeat(Math.max(1, s.minLength ?? 1));
    }
    case 'number':
    case 'integer':
      return typeof s.minimum === 'number'
        ? s.minimum
        : typeof s.exclusiveMinimum === 'number'
          ? s.exclusiveMinimum + 1
          : 1;
    case 'boolean':
      return true;
    case 'array':
      return (s.minItems ?? 0) > 0 ? [sample(s.items as Json)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v as Json)]));
    default:
      return 'x';
  }
}
