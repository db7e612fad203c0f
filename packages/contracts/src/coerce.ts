import { z } from 'zod';

/**
 * Wire encoding leniency (SPEC §3): JeecgBoot's clients sign request bodies and
 * turn every number into a string (`sex: "1"`, `status: "1"`, `menuType: "0"`), and send some
 * strings as numbers (login `checkKey: new Date().getTime()`). The server accepts what JeecgBoot
 * accepts: a numeric string where the schema wants a number, a number where it wants a string.
 * Nothing else is converted: `""`, `"1x"`, `null`, booleans and objects reach the schema as sent,
 * so every range, pattern and required rule of the schema still applies to the converted value.
 */

/** A decimal number written as text (no exponent, no hex, no blanks inside). */
const NUMERIC_TEXT = /^-?(?:\d+|\d*\.\d+)$/;

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  values?: unknown[];
  entries?: Record<string, unknown>;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers whose value is checked by their inner schema. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

type Kinds = Set<'number' | 'string' | 'other'>;
/** {@link kindsOf} of each schema met (schemas are immutable: computed once, not per value). */
const KINDS = new WeakMap<z.ZodType, Kinds>();

/** What primitive kinds a schema accepts at its top: 'number', 'string' or both. */
function kindsOf(schema: z.ZodType, depth = 0): Kinds {
  let kinds = KINDS.get(schema);
  if (!kinds) KINDS.set(schema, (kinds = findKinds(schema, depth)));
  return kinds;
}

function findKinds(schema: z.ZodType, depth: number): Kinds {
  const out: Kinds = new Set();
  if (depth > 20) return out;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return kindsOf(def.innerType, depth + 1);
  if (def.type === 'pipe' && def.in) return kindsOf(def.in, depth + 1);
  if (def.type === 'lazy' && def.getter) return kindsOf(def.getter(), depth + 1);
  if (def.type === 'number' || def.type === 'int' || def.type === 'bigint') out.add('number');
  else if (def.type === 'string' || def.type === 'template_literal') out.add('string');
  else if (def.type === 'literal' || def.type === 'enum') {
    const values = def.values ?? Object.values(def.entries ?? {});
    for (const v of values) out.add(typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string' : 'other');
  } else if (def.type === 'union') for (const o of def.options ?? []) for (const k of kindsOf(o, depth + 1)) out.add(k);
  else out.add('other');
  return out;
}

/** Lists longer than this are cut after their first refused item before the schema runs. */
const LONG_LIST = 64;

/**
 * A long list cut after its first item the element schema refuses: the schema then reports that
 * one item (at its own index) instead of one issue per bad item — 10,000 bad items cost the
 * schema's error path 20 ms and more. A list with a refused item is refused
 * either way, so what is accepted does not change; a list of valid items is returned as is.
 */
function upToFirstRefused(element: z.ZodType, items: unknown[]): unknown[] {
  const bad = items.findIndex((item) => !element.safeParse(item).success);
  return bad < 0 ? items : items.slice(0, bad + 1);
}

/** The `max(n)` of an array schema, or Infinity. */
function maxLengthOf(schema: z.ZodType): number {
  const checks =
    (schema as unknown as { _zod: { def: { checks?: { _zod: { def: { check: string; maximum?: number } } }[] } } })._zod
      .def.checks ?? [];
  let max = Infinity;
  for (const c of checks)
    if (c._zod.def.check === 'max_length' && typeof c._zod.def.maximum === 'number')
      max = Math.min(max, c._zod.def.maximum);
  return max;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `value` with numeric strings turned into numbers and numbers into strings wherever `schema`
 * wants the other kind (objects, arrays, records, unions and wrappers are followed). Returns a
 * copy; the input is not changed.
 */
export function coerceWire(schema: z.ZodType, value: unknown, depth = 0): unknown {
  if (depth > 40 || value === undefined || value === null) return value;
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return coerceWire(def.innerType, value, depth + 1);
  if (def.type === 'pipe' && def.in) return coerceWire(def.in, value, depth + 1);
  if (def.type === 'lazy' && def.getter) return coerceWire(def.getter(), value, depth + 1);
  if (def.type === 'object' && def.shape && isPlainObject(value)) {
    const out: Record<string, unknown> = { ...value };
    for (const [key, child] of Object.entries(def.shape))
      if (key in out) out[key] = coerceWire(child, out[key], depth + 1);
    return out;
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    // a list longer than the schema allows is refused by its length: not walked
    if (value.length > maxLengthOf(schema)) return value;
    const items = value.map((v) => coerceWire(def.element!, v, depth + 1));
    return items.length > LONG_LIST ? upToFirstRefused(def.element, items) : items;
  }
  if (def.type === 'record' && def.valueType && isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, coerceWire(def.valueType!, v, depth + 1)]));
  }
  if (def.type === 'union' && isPlainObject(value)) {
    // an object inside a union: the option its discriminator names, else the first object option
    const objects = (def.options ?? []).filter((o) => defOf(o).type === 'object');
    const key = def.discriminator;
    const names = (o: z.ZodType): boolean => {
      const tag = key ? defOf(o).shape?.[key] : undefined;
      return tag !== undefined && tag.safeParse(coerceWire(tag, value[key!])).success;
    };
    const match = key ? objects.find(names) : objects[0];
    return match ? coerceWire(match, value, depth + 1) : value;
  }
  const kinds = kindsOf(schema);
  if (typeof value === 'string' && kinds.has('number') && !kinds.has('string') && NUMERIC_TEXT.test(value))
    return Number(value);
  if (typeof value === 'number' && Number.isFinite(value) && kinds.has('string') && !kinds.has('number'))
    return String(value);
  return value;
}

/**
 * `schema` made lenient about the wire encoding of numbers (see {@link coerceWire}); the result
 * keeps the schema's types, rules, messages and JSON Schema. The server's route registration
 * (`registerRoute`, `registerRawRoute`) applies it to every route's params, query and body, so no
 * route needs its own conversion.
 */
export function wireLenient<T extends z.ZodType>(schema: T): T {
  return z.preprocess((value) => coerceWire(schema, value), schema) as unknown as T;
}
