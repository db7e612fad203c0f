import type { TFunction } from 'i18next';
import {
  DATA_SOURCE_DEFAULT_PORT,
  DataSourceCreateSchema,
  DataSourceTestSchema,
  type DataSourceCreate,
  type DataSourceRecord,
  type DataSourceTest,
  type DataSourceType,
} from '@ztj/contracts';
import { issuesToFields, type FieldEntry } from '../../../platform/forms/formIssues';

/** Values of the data-source form; the password is empty unless the user types one. */
export interface DataSourceFormValues {
  code: string;
  name: string;
  dbType: DataSourceType;
  host: string;
  port: number | null;
  dbName: string;
  dbUsername: string;
  dbPassword: string;
  remark: string;
}

/** Fields a connection test reads (and validates) from the form. */
export const CONNECTION_FIELDS = ['dbType', 'host', 'port', 'dbName', 'dbUsername', 'dbPassword'] as const;

/** Starting values: a new PostgreSQL source on its default port, or the record being edited (never a password). */
export function initialDataSourceValues(record?: DataSourceRecord): DataSourceFormValues {
  if (!record)
    return {
      code: '',
      name: '',
      dbType: 'postgresql',
      host: '',
      port: DATA_SOURCE_DEFAULT_PORT.postgresql,
      dbName: '',
      dbUsername: '',
      dbPassword: '',
      remark: '',
    };
  const { code, name, dbType, host, port, dbName, dbUsername } = record;
  return { code, name, dbType, host, port, dbName, dbUsername, dbPassword: '', remark: record.remark ?? '' };
}

/**
 * The port after the type changed: the new type's default when the port was empty or the old
 * type's default (a port the user chose stays).
 */
export function portAfterTypeChange(port: number | null | undefined, from: DataSourceType, to: DataSourceType): number {
  return port == null || port === DATA_SOURCE_DEFAULT_PORT[from] ? DATA_SOURCE_DEFAULT_PORT[to] : port;
}

/** An empty password is left out: on edit the server keeps the stored one. */
const withoutEmptyPassword = <T extends { dbPassword?: string }>(v: T): T =>
  v.dbPassword ? v : { ...v, dbPassword: undefined };

/** The add/edit body checked with the contract's `DataSourceCreateSchema` (SPEC §5 written once), or the field errors. */
export function validateDataSource(
  values: DataSourceFormValues,
  t: TFunction,
): { body: DataSourceCreate } | { errors: FieldEntry[] } {
  const parsed = DataSourceCreateSchema.safeParse(withoutEmptyPassword({ ...values, remark: values.remark || null }));
  return parsed.success ? { body: parsed.data } : { errors: issuesToFields(parsed.error.issues, t) };
}

/** The test-connection body (with the id of a saved source, so an empty password means the stored one), or the field errors. */
export function connectionTestBody(
  values: DataSourceFormValues,
  id: string | undefined,
  t: TFunction,
): { body: DataSourceTest } | { errors: FieldEntry[] } {
  const { dbType, host, port, dbName, dbUsername, dbPassword } = values;
  const parsed = DataSourceTestSchema.safeParse(
    withoutEmptyPassword({ dbType, host, port, dbName, dbUsername, dbPassword, ...(id ? { id } : {}) }),
  );
  return parsed.success ? { body: parsed.data } : { errors: issuesToFields(parsed.error.issues, t) };
}
