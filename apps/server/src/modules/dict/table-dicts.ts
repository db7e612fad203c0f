import type { DictOption, DictTreeNode, DictTreeQuery } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { conditionPairs } from '../../platform/list/json-condition';
import { escapeLike } from '../../platform/list/list-sql';
import type { ListCaller } from '../../platform/list/list-spec';

/**
 * A table JeecgBoot's table dictionaries may name (`dict=table,text,code`, JTreeSelect): every
 * column is written here; a client's names only select among them.
 */
interface TreeTable {
  from: string;
  /** Predicate scoping the rows to the caller (`$tenant` = the caller's tenant) or null for platform data. */
  scope: string | null;
  texts: Record<string, string>;
  codes: Record<string, string>;
  /** The parent column JeecgBoot names in pidField, and its SQL. */
  pid: [string, string];
  /** Column names JeecgBoot may give as hasChildField (all mean the same computed value). */
  hasChild: string[];
  hasChildSql: string;
}

const TABLES: Record<string, TreeTable> = {
  sys_category: {
    from: 'sys_category t',
    scope: null,
    texts: { name: 't.name' },
    codes: { id: 't.id', code: 't.code' },
    pid: ['pid', 't.pid'],
    hasChild: ['has_child'],
    hasChildSql: 't.has_child',
  },
  sys_depart: {
    from: 'sys_depart t',
    scope: 't.tenant_id = $tenant AND t.del_flag = 0',
    texts: { depart_name: 't.depart_name' },
    codes: { id: 't.id', org_code: 't.org_code' },
    pid: ['parent_id', 't.parent_id'],
    hasChild: ['has_child'],
    hasChildSql: 'EXISTS (SELECT 1 FROM sys_depart c WHERE c.parent_id = t.id AND c.del_flag = 0)',
  },
};

const camel = (s: string): string => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
// own keys only: a client's `__proto__` or `constructor` must not reach Object.prototype
const pick = (map: Record<string, string>, name: string): string | undefined =>
  (Object.hasOwn(map, name) ? map[name] : undefined) ?? Object.entries(map).find(([k]) => camel(k) === name)?.[1];

/**
 * The allow-listed table and columns of a table dictionary.
 * @throws AppError badRequest listFieldUnknown naming the table or column not understood.
 */
function resolve(tableName: string, text: string, code: string): { t: TreeTable; text: string; code: string } {
  const t = Object.hasOwn(TABLES, tableName) ? TABLES[tableName] : undefined;
  if (!t) throw new AppError('badRequest', 'listFieldUnknown', { field: tableName });
  const textSql = pick(t.texts, text);
  if (!textSql) throw new AppError('badRequest', 'listFieldUnknown', { field: `${tableName}.${text}` });
  const codeSql = pick(t.codes, code);
  if (!codeSql) throw new AppError('badRequest', 'listFieldUnknown', { field: `${tableName}.${code}` });
  return { t, text: textSql, code: codeSql };
}

/** Parameters bound in order; `$tenant` is the first. */
function scoped(t: TreeTable, caller: ListCaller, params: unknown[]): string[] {
  if (!t.scope) return [];
  params.push(caller.tenantId);
  return [t.scope.replace('$tenant', `$${params.length}`)];
}

/**
 * JTreeSelect's `loadTreeData`: children of `pid` ('' or '0' → roots) of an allow-listed table
 * dictionary, optionally filtered by `condition` (a JSON object of text-column values).
 */
export async function loadTableTree(q: Queryable, query: DictTreeQuery, caller: ListCaller): Promise<DictTreeNode[]> {
  const { t, text, code } = resolve(query.tableName, query.text, query.code);
  if (query.pidField && pick({ [t.pid[0]]: t.pid[1] }, query.pidField) === undefined)
    throw new AppError('badRequest', 'listFieldUnknown', { field: query.pidField });
  if (query.hasChildField && !t.hasChild.some((h) => h === query.hasChildField || camel(h) === query.hasChildField)) {
    throw new AppError('badRequest', 'listFieldUnknown', { field: query.hasChildField });
  }
  const params: unknown[] = [];
  const where = scoped(t, caller, params);
  if (query.pid && query.pid !== '0') {
    params.push(query.pid);
    // the parent is named by the dictionary's code column, as the client's node keys are
    where.push(
      `${t.pid[1]} = (SELECT p.id FROM ${t.from.replace(' t', ' p')} WHERE ${code.replace('t.', 'p.')} = $${params.length})`,
    );
  } else where.push(`${t.pid[1]} IS NULL`);
  for (const [k, v] of conditionPairs(query.condition)) {
    const col = pick(t.texts, k);
    if (!col) throw new AppError('badRequest', 'listFieldUnknown', { field: k });
    params.push(`%${escapeLike(v)}%`);
    where.push(`${col} ILIKE $${params.length} ESCAPE '\\'`);
  }
  const rows = await q.query<{ k: string; txt: string; pid: string | null; has_child: boolean }>(
    `SELECT ${code} AS k, ${text} AS txt, ${t.pid[1]} AS pid, ${t.hasChildSql} AS has_child FROM ${t.from} WHERE ${where.join(' AND ')} ORDER BY ${text}`,
    params,
  );
  return rows.map((r) => ({
    key: String(r.k),
    value: String(r.k),
    title: r.txt,
    label: r.txt,
    parentId: r.pid,
    leaf: !r.has_child,
    isLeaf: !r.has_child,
  }));
}

/**
 * `loadDictItem/{dict}`: the texts of comma-joined `keys` in the allow-listed table dictionary
 * `dict` ("table,text,code"), in the keys' order (an unknown key gives its own value).
 */
export async function tableDictTexts(
  q: Queryable,
  dict: string,
  keys: string[],
  caller: ListCaller,
): Promise<string[]> {
  const [tableName = '', textName = '', codeName = ''] = dict.split(',').map((s) => s.trim());
  const { t, text, code } = resolve(tableName, textName, codeName);
  const params: unknown[] = [];
  const where = scoped(t, caller, params);
  params.push(keys);
  where.push(`${code} = ANY($${params.length}::text[])`);
  const rows = await q.query<{ k: string; txt: string }>(
    `SELECT ${code} AS k, ${text} AS txt FROM ${t.from} WHERE ${where.join(' AND ')}`,
    params,
  );
  const byKey = new Map(rows.map((r) => [String(r.k), r.txt]));
  return keys.map((k) => byKey.get(k) ?? k);
}

/**
 * `getDictItems/{table,text,code}` (JDictSelectTag with a table dictionary): the rows of an
 * allow-listed table as dictionary options, sorted by text (at most 1000).
 */
export async function tableDictOptions(
  q: Queryable,
  dict: string,
  caller: ListCaller,
  search?: { keyword: string; limit: number },
): Promise<DictOption[]> {
  const [tableName = '', textName = '', codeName = ''] = dict.split(',').map((x) => x.trim());
  const { t, text, code } = resolve(tableName, textName, codeName);
  const params: unknown[] = [];
  const where = scoped(t, caller, params);
  if (search?.keyword) {
    params.push(`%${escapeLike(search.keyword)}%`);
    where.push(`(${text} ILIKE $${params.length} ESCAPE '\\' OR ${code}::text ILIKE $${params.length} ESCAPE '\\')`);
  }
  const rows = await q.query<{ k: string; txt: string }>(
    `SELECT ${code} AS k, ${text} AS txt FROM ${t.from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${text} LIMIT ${search ? Math.min(search.limit, 1000) : 1000}`,
    params,
  );
  return rows.map((r) => ({ value: String(r.k), text: r.txt, textEn: r.txt, label: r.txt, title: r.txt }));
}
