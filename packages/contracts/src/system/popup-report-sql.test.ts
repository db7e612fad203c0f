import { describe, expect, it } from 'vitest';
import { parseReportSql, reportSqlParams } from './popup-report-sql';

describe('popup report query text', () => {
  it('turns ${name} into numbered or positional placeholders, in order, repeats included', () => {
    expect(parseReportSql('SELECT * FROM t WHERE a = ${a} AND b > ${ b } OR a2 = ${a};')).toEqual({
      sql: 'SELECT * FROM t WHERE a = $1 AND b > $2 OR a2 = $3',
      order: ['a', 'b', 'a'],
    });
    expect(parseReportSql('with x as (select 1) select * from x where y = ${y}', () => '?')).toEqual({
      sql: 'with x as (select 1) select * from x where y = ?',
      order: ['y'],
    });
    expect(reportSqlParams('SELECT ${a}, ${b}, ${a}')).toEqual(['a', 'b']);
  });

  it('keeps quoted text and ignores semicolons and words inside quotes and comments', () => {
    expect(parseReportSql("SELECT 'a;b' AS \"x;y\", 'it''s' -- ; delete\n /* ; copy */ FROM t")).toMatchObject({
      order: [],
    });
    expect(parseReportSql("SELECT 'copy' AS c FROM t")).not.toHaveProperty('problem');
  });

  it.each([
    ['', 'validation.reportSqlEmpty'],
    ['  ;  ', 'validation.reportSqlEmpty'],
    ['DELETE FROM t', 'validation.reportSqlNotSelect'],
    ['update t set a = 1', 'validation.reportSqlNotSelect'],
    ['CREATE TABLE x (a int)', 'validation.reportSqlNotSelect'],
    ['SELECT 1; DROP TABLE t', 'validation.reportSqlMultiple'],
    ["SELECT 1 AS a WHERE 'x' = 'x'; DELETE FROM t", 'validation.reportSqlMultiple'],
    ["SELECT * FROM t WHERE a LIKE '%${a}%'", 'validation.reportSqlQuotedParam'],
    ["SELECT 'unterminated", 'validation.reportSqlUnterminated'],
    ['SELECT 1 /* open', 'validation.reportSqlUnterminated'],
    ['SELECT ${bad-name}', 'validation.reportSqlUnterminated'],
    ["SELECT 'a\\' ; DELETE FROM t; --'", 'validation.reportSqlForbidden'],
    ['SELECT $$x$$', 'validation.reportSqlForbidden'],
    ['SELECT 1 # comment', 'validation.reportSqlForbidden'],
    ['SELECT * FROM t INTO OUTFILE "/tmp/x"', 'validation.reportSqlForbidden'],
    ["SELECT LOAD_FILE('/etc/passwd')", 'validation.reportSqlForbidden'],
    ["SELECT pg_read_file('/etc/passwd')", 'validation.reportSqlForbidden'],
    ["SELECT set_config('search_path', 'x', false)", 'validation.reportSqlForbidden'],
    ['SELECT pg_advisory_lock(1)', 'validation.reportSqlForbidden'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(parseReportSql(text)).toEqual({ problem });
  });
});
