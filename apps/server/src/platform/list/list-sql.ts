import type { Condition, ParsedListQuery } from './list-query';
import type { ListField, ListSpec } from './list-spec';

/** Collects bound parameters and hands out their `$n` placeholders. */
export class SqlParams {
  readonly values: unknown[] = [];
  private tenantRef: string | undefined;

  constructor(private readonly tenantId: number) {}

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** Replaces `$tenant` in a server-written fragment with the tenant's placeholder. */
  scoped(fragment: string): string {
    if (!fragment.includes('$tenant')) return fragment;
    this.tenantRef ??= this.add(this.tenantId);
    return fragment.replaceAll('$tenant', this.tenantRef);
  }
}

const CASTS: Record<ListField['type'], string> = {
  string: '',
  number: '::numeric',
  date: '::date',
  datetime: '::timestamptz',
  boolean: '::boolean',
};

const OPS = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

/** Escapes LIKE wildcards so a client's `%` or `_` are matched literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One condition as SQL; the field expression comes from the allow-list, the value is bound. */
export function conditionSql<R>(spec: ListSpec<R>, c: Condition, p: SqlParams): string {
  const f = spec.fields[c.field]!;
  const col = p.scoped(f.sql);
  const cast = CASTS[f.type];
  switch (c.op) {
    case 'like':
    case 'left_like':
    case 'right_like': {
      const v = escapeLike(String(c.value));
      const pattern = c.op === 'like' ? `%${v}%` : c.op === 'left_like' ? `%${v}` : `${v}%`;
      return `${col} ILIKE ${p.add(pattern)} ESCAPE '\\'`;
    }
    case 'in': {
      const list = Array.isArray(c.value) ? c.value : [c.value];
      const arrayCast = f.type === 'string' ? '::text[]' : `${cast}[]`;
      return `${col} = ANY(${p.add(list)}${arrayCast})`;
    }
    default: {
      const v = String(c.value);
      if (f.type === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
        // A day on a timestamp: eq/ne cover the whole day, le/`_end` reach its end.
        const day = p.add(v);
        if (c.op === 'eq') return `(${col} >= ${day}::date AND ${col} < ${day}::date + 1)`;
        if (c.op === 'ne') return `NOT (${col} >= ${day}::date AND ${col} < ${day}::date + 1)`;
        if (c.op === 'le' || c.endOfDay) return `${col} < ${day}::date + 1`;
        if (c.op === 'gt') return `${col} >= ${day}::date + 1`;
        return `${col} ${OPS[c.op]} ${day}::date`;
      }
      const op = OPS[c.op];
      return c.op === 'ne' ? `${col} IS DISTINCT FROM ${p.add(v)}${cast}` : `${col} ${op} ${p.add(v)}${cast}`;
    }
  }
}

/** The WHERE clause of a list: scope, fixed predicates, params, fields, advanced query, data rules. */
export function whereSql<R>(spec: ListSpec<R>, q: ParsedListQuery, ruleConditions: Condition[], p: SqlParams): string {
  const parts: string[] = [];
  if (spec.tenantScope !== null) parts.push(p.scoped(spec.tenantScope));
  else if (!spec.global) throw new Error(`list ${spec.name} has no tenant scope`);
  for (const w of spec.where ?? []) parts.push(p.scoped(w));
  for (const x of q.params) parts.push(p.scoped(x.predicate).replace('?', p.add(x.value)));
  for (const c of q.conditions) parts.push(conditionSql(spec, c, p));
  if (q.superConditions.length) {
    const joined = q.superConditions.map((c) => conditionSql(spec, c, p)).join(q.matchType === 'or' ? ' OR ' : ' AND ');
    parts.push(`(${joined})`);
  }
  for (const c of ruleConditions) parts.push(conditionSql(spec, c, p));
  if (q.selections.length) parts.push(`${spec.idSql}::text = ANY(${p.add(q.selections)}::text[])`);
  return parts.length ? `WHERE ${parts.map((x) => `(${x})`).join(' AND ')}` : '';
}

/** ORDER BY from the allow-listed sort field, with the id as tie-breaker for stable pages. */
export function orderSql<R>(spec: ListSpec<R>, q: ParsedListQuery, p: SqlParams): string {
  const f = spec.fields[q.sort.field];
  const dir = q.sort.order === 'asc' ? 'ASC' : 'DESC';
  const head = f ? `${p.scoped(f.sql)} ${dir} NULLS LAST, ` : '';
  return `ORDER BY ${head}${spec.idSql} ${dir}`;
}
