import type { BilingualText, Language } from '@ztj/contracts';
import type { AuthContext } from '../auth/auth-context';

/** Value types of list fields; they decide casts, accepted values and allowed rules. */
export type ListFieldType = 'string' | 'number' | 'date' | 'datetime' | 'boolean';

/**
 * One public field of a list (ARCHITECTURE §3 allow-list): the API name is the key of
 * `ListSpec.fields`; `sql` is a server-written expression, never anything a client sent.
 */
export interface ListField {
  sql: string;
  type: ListFieldType;
  /** Column header of exports and import templates. */
  label: BilingualText;
  /** A comma list in a query field means `in` (SPEC §7 comma lists where declared). */
  multi?: boolean;
  /** Default true. */
  sortable?: boolean;
  /** Default true: part of .xls exports. */
  exported?: boolean;
  /**
   * Dictionary texts of the stored values (SPEC §3 dictionary option: value → text). Exports
   * write the text in the caller's language; imports read back either language's text or the
   * value itself (see {@link optionValue}), so an exported file imports again.
   */
  options?: Record<string, BilingualText>;
  /**
   * A `number` field holding a ms-epoch time: exports write it as `YYYY-MM-DD HH:mm:ss`
   * (Asia/Shanghai); queries and the API keep the number.
   */
  epochMs?: boolean;
}

/**
 * Labels of the audit columns administered lists export (ARCHITECTURE §4 `create_time`,
 * `create_by`, `update_time`, `update_by`). They are read-only: an import recognises these
 * headers and skips their cells, so the server's own export imports again (SPEC §7 import).
 */
export const AUDIT_LABELS = {
  createTime: { 'zh-CN': '创建时间', 'en-US': 'Created' },
  createBy: { 'zh-CN': '创建人', 'en-US': 'Created by' },
  updateTime: { 'zh-CN': '更新时间', 'en-US': 'Updated' },
  updateBy: { 'zh-CN': '更新人', 'en-US': 'Updated by' },
} as const satisfies Record<string, BilingualText>;

/**
 * The stored value of an imported cell of a field with {@link ListField.options}: the value
 * whose text (either language, case-insensitive) or value equals the cell; otherwise the cell
 * as is, for the row's schema to refuse.
 */
export function optionValue(options: Record<string, BilingualText>, cell: string): string {
  const lower = cell.trim().toLowerCase();
  for (const [value, text] of Object.entries(options)) {
    if (value.toLowerCase() === lower || text['zh-CN'] === cell.trim() || text['en-US'].toLowerCase() === lower)
      return value;
  }
  return cell;
}

/**
 * The declaration of one entity's list for the generic list machinery (SPEC §7). Every SQL
 * fragment is written here by the server; the token `$tenant` stands for the caller's tenant id
 * (bound as a parameter). `tenantScope` is mandatory: `null` only for platform-wide data
 * (dictionaries, categories, menus), and then only with `global: true`, so no list can forget it.
 */
export interface ListSpec<R> {
  name: string;
  from: string;
  select: string;
  fields: Record<string, ListField>;
  tenantScope: string | null;
  global?: boolean;
  /** Fixed predicates (soft delete, log type…). */
  where?: string[];
  /** Primary key expression, for `selections`. */
  idSql: string;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /**
   * Extra query parameters the list understands besides its fields, each a predicate in which `?`
   * is replaced by the bound value (e.g. `depId` of the users of a department).
   */
  params?: Record<string, string>;
  /** Turns a row into the API record. */
  map(row: Record<string, unknown>): R;
}

/**
 * A list record with the `<field>_dictText` companions JeecgBoot clients render:
 * for every field of `spec` with {@link ListField.options} that the record carries, the text of its
 * value in `lang` (a comma list of values gives the comma-joined texts; an unknown value its own
 * text; null stays null). The record's own fields are not changed.
 */
export function withDictText<R>(spec: ListSpec<R>, record: R, lang: Language = 'zh-CN'): R {
  const out = { ...record } as Record<string, unknown>;
  for (const [name, field] of Object.entries(spec.fields)) {
    if (!field.options || !(name in out)) continue;
    const value = out[name];
    out[`${name}_dictText`] =
      value === null || value === undefined
        ? null
        : String(value)
            .split(',')
            .map((v) => field.options![v.trim()]?.[lang] ?? v.trim())
            .join(',');
  }
  return out as R;
}

/** Who lists: tenant scope and the variables of data rules (SPEC §6). */
export interface ListCaller {
  tenantId: number;
  userId: string;
  username: string;
  orgCode: string | null;
  /** Permission code of the route; its data rules apply to the caller's roles. */
  permission?: string;
  /** Language of the `<field>_dictText` companions of list records (zh-CN by default). */
  lang?: Language;
}

/** ISO-8601 UTC text of a timestamp column (ARCHITECTURE §4 wire format). */
export function isoOrNull(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  return String(v);
}

export function textOrNull(v: unknown): string | null {
  return v === null || v === undefined ? null : String(v);
}

/** SQL for a timestamp column as ms epoch (float8), for list `select`s: `${epochMsSql('w.create_time')} AS create_ms`. */
export function epochMsSql(col: string): string {
  return `(extract(epoch FROM ${col}) * 1000)::float8`;
}

/** The list caller of an authenticated request, for the route's permission code. */
export function callerOf(auth: AuthContext, permission?: string): ListCaller {
  return {
    tenantId: auth.tenantId,
    userId: auth.userId,
    username: auth.username,
    orgCode: auth.orgCode,
    permission,
    lang: auth.lang,
  };
}
