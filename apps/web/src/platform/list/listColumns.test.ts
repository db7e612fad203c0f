import { describe, expect, it } from 'vitest';
import type { TableColumnsType } from 'antd';
import { listColumns } from './listColumns';

type Row = { id: string };
const COLUMNS: TableColumnsType<Row> = [
  { key: 'username', title: 'Account' },
  { key: 'realname', title: 'Real name' },
  { key: 'avatar', title: 'Avatar' },
  { key: 'phone', title: 'Phone', responsive: ['lg'] },
  { key: 'status', title: 'Status' },
  { key: 'actions', title: 'Actions', fixed: 'right' },
];

describe('listColumns', () => {
  it('shows the first two data columns and the actions on phones, the others from md up', () => {
    const shown = listColumns(COLUMNS, true);
    expect(shown.map((c) => [c.key, c.responsive ?? null])).toEqual([
      ['username', null],
      ['realname', null],
      ['avatar', ['md']],
      ['phone', ['lg']],
      ['status', ['md']],
      ['actions', null],
    ]);
  });

  it('fixes no column on a phone and sizes data columns to their content; keeps both on larger screens', () => {
    const columns: TableColumnsType<Row> = COLUMNS.map((c) => ({ ...c, width: 120 }));
    const phone = listColumns(columns, true);
    expect(phone.some((c) => c.fixed)).toBe(false);
    expect(phone.map((c) => c.width ?? null)).toEqual([null, null, null, null, null, 112]);
    expect(listColumns(columns, false).at(-1)).toMatchObject({ fixed: 'right', width: 120 });
  });
});
