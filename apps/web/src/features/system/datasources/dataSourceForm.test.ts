import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { connectionTestBody, initialDataSourceValues, portAfterTypeChange, validateDataSource } from './dataSourceForm';

const t = ((key: string) => key) as unknown as TFunction;
const filled = {
  ...initialDataSourceValues(),
  code: 'main',
  name: 'Main',
  host: 'db.example.com',
  dbName: 'app',
  dbUsername: 'app',
};

describe('data source form', () => {
  it('starts as PostgreSQL on 5432 and moves to 3306 for MySQL unless the user chose a port', () => {
    expect(initialDataSourceValues()).toMatchObject({ dbType: 'postgresql', port: 5432, dbPassword: '' });
    expect(portAfterTypeChange(5432, 'postgresql', 'mysql')).toBe(3306);
    expect(portAfterTypeChange(null, 'mysql', 'postgresql')).toBe(5432);
    expect(portAfterTypeChange(6543, 'postgresql', 'mysql')).toBe(6543);
  });

  it('never fills the password of a record being edited, and leaves an empty one out of the body', () => {
    const record = {
      id: '1',
      code: 'c',
      name: 'n',
      dbType: 'mysql' as const,
      host: 'h',
      port: 3306,
      dbName: 'd',
      dbUsername: 'u',
      hasPassword: true,
      remark: null,
      createBy: null,
      createTime: null,
      updateTime: null,
    };
    expect(initialDataSourceValues(record).dbPassword).toBe('');
    const checked = validateDataSource(filled, t);
    expect('body' in checked && checked.body).toMatchObject({
      code: 'main',
      port: 5432,
      dbPassword: undefined,
      remark: null,
    });
    expect(connectionTestBody({ ...filled, dbPassword: 'pw' }, '7', t)).toEqual({
      body: {
        dbType: 'postgresql',
        host: 'db.example.com',
        port: 5432,
        dbName: 'app',
        dbUsername: 'app',
        dbPassword: 'pw',
        id: '7',
      },
    });
  });

  it('puts the contract messages on the fields that fail', () => {
    const checked = validateDataSource({ ...filled, code: '1x', host: 'http://x', port: 0 }, t);
    expect('errors' in checked && checked.errors.map((e) => [e.name.join('.'), e.errors[0]])).toEqual([
      ['host', 'common:validation.dataSourceHost'],
      ['port', 'common:validation.dataSourcePort'],
      ['code', 'common:validation.dataSourceCode'],
    ]);
  });
});
