import {
  MESSAGES,
  type DataSourceCreate,
  type DataSourceEdit,
  type DataSourceRecord,
  type DataSourceType,
  type Language,
} from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { requireAllVisible, requireVisible } from '../../../platform/list/list-runner';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../../platform/list/list-spec';
import { decryptPassword, encryptPassword } from './datasource-secret';

const TYPE_TEXT = {
  postgresql: { 'zh-CN': 'PostgreSQL', 'en-US': 'PostgreSQL' },
  mysql: { 'zh-CN': 'MySQL / MariaDB', 'en-US': 'MySQL / MariaDB' },
};

/**
 * Data sources of the caller's tenant (SPEC §2 system → data sources; generic list machinery).
 * The select names its columns: the password ciphertext is never read into a record, a list, a
 * filter or an export — only `hasPassword`.
 */
export const DATA_SOURCE_LIST: ListSpec<DataSourceRecord> = {
  name: 'dataSources',
  from: 'sys_data_source d',
  select: `d.id, d.code, d.name, d.db_type, d.host, d.port, d.db_name, d.db_username, (d.db_password_cipher IS NOT NULL) AS has_password,
           d.remark, d.create_by, d.create_time, d.update_time`,
  tenantScope: 'd.tenant_id = $tenant',
  idSql: 'd.id',
  fields: {
    code: { sql: 'd.code', type: 'string', label: { 'zh-CN': '数据源编码', 'en-US': 'Code' } },
    name: { sql: 'd.name', type: 'string', label: { 'zh-CN': '数据源名称', 'en-US': 'Name' } },
    dbType: {
      sql: 'd.db_type',
      type: 'string',
      label: { 'zh-CN': '数据库类型', 'en-US': 'Database type' },
      options: TYPE_TEXT,
    },
    host: { sql: 'd.host', type: 'string', label: { 'zh-CN': '主机', 'en-US': 'Host' } },
    port: { sql: 'd.port', type: 'number', label: { 'zh-CN': '端口', 'en-US': 'Port' } },
    dbName: { sql: 'd.db_name', type: 'string', label: { 'zh-CN': '数据库名', 'en-US': 'Database' } },
    dbUsername: { sql: 'd.db_username', type: 'string', label: { 'zh-CN': '用户名', 'en-US': 'User name' } },
    remark: { sql: 'd.remark', type: 'string', label: { 'zh-CN': '备注', 'en-US': 'Remark' }, sortable: false },
    createTime: { sql: 'd.create_time', type: 'datetime', label: AUDIT_LABELS.createTime },
  },
  map: (r) => ({
    id: String(r.id),
    code: String(r.code),
    name: String(r.name),
    dbType: r.db_type as DataSourceType,
    host: String(r.host),
    port: Number(r.port),
    dbName: String(r.db_name),
    dbUsername: String(r.db_username),
    hasPassword: r.has_password === true,
    remark: textOrNull(r.remark),
    createBy: textOrNull(r.create_by),
    createTime: isoOrNull(r.create_time),
    updateTime: isoOrNull(r.update_time),
  }),
};

/** One data source of the caller's tenant. @throws AppError notFound (other tenants' too) */
export async function oneDataSource(db: Db, id: string, caller: ListCaller): Promise<DataSourceRecord> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT ${DATA_SOURCE_LIST.select} FROM sys_data_source d WHERE d.id = $1 AND d.tenant_id = $2`,
    [id, caller.tenantId],
  );
  if (!row) throw new AppError('notFound', 'notFound');
  return DATA_SOURCE_LIST.map(row);
}

async function refuseTakenCode(
  db: Db,
  tenantId: number,
  code: string,
  exceptId: string | null,
  lang: Language,
): Promise<void> {
  const [hit] = await db.query(
    'SELECT 1 FROM sys_data_source WHERE tenant_id = $1 AND code = $2 AND ($3::text IS NULL OR id <> $3)',
    [tenantId, code, exceptId],
  );
  if (hit)
    throw new AppError('badRequest', 'dataSourceExists', {}, [
      { field: 'code', message: MESSAGES.dataSourceExists[lang] },
    ]);
}

/** The ciphertext to store for a submitted password; null when none was given. */
const sealed = (key: Buffer, password: string | undefined): string | null =>
  password ? encryptPassword(key, password) : null;

/**
 * Creates a data source of the caller's tenant; the password is stored encrypted.
 * @throws AppError badRequest dataSourceExists when the tenant has the code already
 */
export async function createDataSource(
  db: Db,
  key: Buffer,
  body: DataSourceCreate,
  caller: ListCaller,
  lang: Language,
): Promise<string> {
  await refuseTakenCode(db, caller.tenantId, body.code, null, lang);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO sys_data_source (tenant_id, code, name, db_type, host, port, db_name, db_username, db_password_cipher, remark, create_by)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) RETURNING id`,
    [
      caller.tenantId,
      body.code,
      body.name,
      body.dbType,
      body.host,
      body.port,
      body.dbName,
      body.dbUsername,
      sealed(key, body.dbPassword),
      body.remark ?? null,
      caller.username,
    ],
  );
  return row!.id;
}

/**
 * Edits a data source of the caller's tenant; an empty or absent password keeps the stored one.
 * @throws AppError notFound (other tenants' too), badRequest dataSourceExists
 */
export async function editDataSource(
  db: Db,
  key: Buffer,
  body: DataSourceEdit,
  caller: ListCaller,
  lang: Language,
): Promise<void> {
  await requireVisible(db, DATA_SOURCE_LIST, body.id, caller);
  await refuseTakenCode(db, caller.tenantId, body.code, body.id, lang);
  await db.query(
    `UPDATE sys_data_source SET code = $2, name = $3, db_type = $4, host = $5, port = $6, db_name = $7, db_username = $8,
            db_password_cipher = COALESCE($9, db_password_cipher), remark = $10, update_by = $11, update_time = now() WHERE id = $1`,
    [
      body.id,
      body.code,
      body.name,
      body.dbType,
      body.host,
      body.port,
      body.dbName,
      body.dbUsername,
      sealed(key, body.dbPassword),
      body.remark ?? null,
      caller.username,
    ],
  );
}

/** Deletes data sources of the caller's tenant (all or none). */
export async function deleteDataSources(db: Db, ids: string[], caller: ListCaller): Promise<void> {
  const visible = await requireAllVisible(db, DATA_SOURCE_LIST, ids, caller);
  await db.query('DELETE FROM sys_data_source WHERE id = ANY($1::text[])', [visible]);
}

/**
 * The stored password of a data source of the caller's tenant ('' when none is stored).
 * @throws AppError notFound (other tenants' too); business dataSourcePasswordUnreadable when the key changed
 */
export async function storedPassword(db: Db, key: Buffer, id: string, caller: ListCaller): Promise<string> {
  const [row] = await db.query<{ c: string | null }>(
    'SELECT db_password_cipher AS c FROM sys_data_source WHERE id = $1 AND tenant_id = $2',
    [id, caller.tenantId],
  );
  if (!row) throw new AppError('notFound', 'notFound');
  if (!row.c) return '';
  try {
    return decryptPassword(key, row.c);
  } catch {
    throw new AppError('business', 'dataSourcePasswordUnreadable');
  }
}
