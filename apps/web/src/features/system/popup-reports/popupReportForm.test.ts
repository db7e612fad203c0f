import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { PopupReportRecord } from '@ztj/contracts';
import {
  initialReportValues,
  missingParamRows,
  reportBody,
  validateReport,
  type PopupReportFormValues,
} from './popupReportForm';

const t = ((key: string) => key) as unknown as TFunction;
const filled = (extra: Partial<PopupReportFormValues> = {}): PopupReportFormValues => ({
  ...initialReportValues(),
  code: 'cars',
  name: 'Cars',
  querySql: 'SELECT plate FROM cars WHERE kind = ${kind}',
  columns: [{ field: 'plate', title: 'Plate', type: 'string', dictCode: '', hidden: false, query: true }],
  params: [{ name: 'kind', title: 'Kind', defaultValue: '' }],
  ...extra,
});

describe('popup report form', () => {
  it('sends the own database as null, query fields as mode single, empty texts as null', () => {
    expect(reportBody(filled())).toEqual({
      code: 'cars',
      name: 'Cars',
      dbSource: null,
      querySql: 'SELECT plate FROM cars WHERE kind = ${kind}',
      remark: null,
      columns: [{ field: 'plate', title: 'Plate', type: 'string', dictCode: null, hidden: false, queryMode: 'single' }],
      params: [{ name: 'kind', title: 'Kind', defaultValue: null }],
    });
    expect(validateReport(filled(), t)).toHaveProperty('body');
  });

  it('shows the contract’s query rules and undeclared parameters beside the query', () => {
    expect(validateReport(filled({ querySql: 'DELETE FROM cars' }), t)).toEqual({
      errors: [{ name: ['querySql'], errors: ['common:validation.reportSqlNotSelect'] }],
    });
    expect(validateReport(filled({ params: [] }), t)).toEqual({
      errors: [{ name: ['querySql'], errors: ['common:validation.reportParamUndeclared'] }],
    });
    expect(
      validateReport(
        filled({ columns: [{ field: '1bad', title: 'x', type: 'string', dictCode: '', hidden: false, query: false }] }),
        t,
      ),
    ).toEqual({ errors: [{ name: ['columns', 0, 'field'], errors: ['common:validation.reportName'] }] });
  });

  it('adds rows for the query’s parameters the form lacks, and loads a saved report', () => {
    expect(missingParamRows(filled({ querySql: 'SELECT ${a}, ${kind}, ${b}, ${a}' }))).toEqual([
      { name: 'a', title: 'a', defaultValue: '' },
      { name: 'b', title: 'b', defaultValue: '' },
    ]);
    const saved = {
      ...reportBody(filled()),
      id: '1',
      dbSource: 'fleet',
      createBy: null,
      createTime: null,
      updateTime: null,
    } as PopupReportRecord;
    expect(initialReportValues(saved)).toMatchObject({
      dbSource: 'fleet',
      columns: [{ field: 'plate', query: true, dictCode: '' }],
      params: [{ name: 'kind', defaultValue: '' }],
      remark: '',
    });
  });
});
