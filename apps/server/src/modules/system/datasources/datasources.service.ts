import type { DataSourceCreate, DataSourceEdit, DataSourceRecord, DataSourceType } from '@ztj/contracts';
import { takenField, type ColumnValues, type CrudSpec } from '../../../platform/crud/tenant-crud';
import type { Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { AUDIT_LABELS, isoOrNull, textOrNull, type ListCaller, type ListSpec } from '../../../platform/list/list-spec';
import { decryptPassword, encryptPassword } from './datasource-secret';
import { passwordCipher } from './datasources.repo';

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

/** The ciphertext to store for a submitted password; null when none was given. */
const sealed = (key: Buffer, password: string | undefined): string | null =>
  password ? encryptPassword(key, password) : null;

/**
 * Data sources as a generic CRUD entity of the caller's tenant: the password is stored encrypted
 * with `key()` (read when a body is written), an edit without one keeps the stored one, and a code
 * is the tenant's once (badRequest dataSourceExists on `code`).
 */
export function dataSourceCrud(key: () => Buffer): CrudSpec<DataSourceRecord, DataSourceCreate, DataSourceEdit> {
  const columns = (b: DataSourceCreate): ColumnValues => ({
    code: b.code,
    name: b.name,
    db_type: b.dbType,
    host: b.host,
    port: b.port,
    db_name: b.dbName,
    db_username: b.dbUsername,
    db_password_cipher: sealed(key(), b.dbPassword),
    remark: b.remark ?? null,
  });
  return {
    list: DATA_SOURCE_LIST,
    table: 'sys_data_source',
    add: columns,
    edit: columns,
    keepWhenNull: ['db_password_cipher'],
    unique: { column: 'code', value: (b) => b.code, refuse: takenField('dataSourceExists', 'code') },
  };
}

/**
 * The stored password of a data source of the caller's tenant ('' when none is stored).
 * @throws AppError notFound (other tenants' too); business dataSourcePasswordUnreadable when the key changed
 */
export async function storedPassword(q: Queryable, key: Buffer, id: string, caller: ListCaller): Promise<string> {
  const cipher = await passwordCipher(q, id, caller.tenantId);
  if (cipher === undefined) throw new AppError('notFound', 'notFound');
  if (!cipher) return '';
  try {
    return decryptPassword(key, cipher);
  } catch {
    throw new AppError('business', 'dataSourcePasswordUnreadable');
  }
}
