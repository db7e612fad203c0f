import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import { codeColumn, dateTimeColumn, epochTimeColumn, wrapTextColumn, yesNoTagColumn } from './crudColumns';

interface Row {
  code: string;
  createTime: string;
  at: number;
  name: string;
  enabled: boolean;
}

const cell = (column: ColumnType<Row>, value: unknown): ReactNode => column.render?.(value, {} as Row, 0) as ReactNode;

describe('column builders', () => {
  it('keep each builder defaults and let the caller override them', () => {
    const code = codeColumn<Row>('Code', 'code');
    expect({ title: code.title, dataIndex: code.dataIndex, sorter: code.sorter, key: code.key }).toEqual({
      title: 'Code',
      dataIndex: 'code',
      sorter: true,
      key: undefined,
    });
    const created = dateTimeColumn<Row>('Created');
    expect([created.dataIndex, created.width, created.sorter]).toEqual(['createTime', 170, true]);
    expect(cell(created, null)).toBe('-');
    const at = epochTimeColumn<Row>('At', 'at', { width: 120 });
    expect([at.key, at.width, at.sorter]).toEqual(['at', 120, undefined]);
    const name = wrapTextColumn<Row>('Name', 'name', { sorter: false });
    expect([name.key, name.sorter]).toEqual(['name', false]);
  });

  it('shows a boolean as a yes or no tag of 90 px', () => {
    const enabled = yesNoTagColumn<Row>('Enabled', 'enabled', { yes: 'Yes', no: 'No' }, { responsive: ['md'] });
    expect([enabled.key, enabled.width, enabled.responsive]).toEqual(['enabled', 90, ['md']]);
    render(
      <>
        {cell(enabled, true)}
        {cell(enabled, false)}
      </>,
    );
    expect(screen.getByText('Yes').className).toContain('green');
    expect(screen.getByText('No').className).not.toContain('green');
  });
});
