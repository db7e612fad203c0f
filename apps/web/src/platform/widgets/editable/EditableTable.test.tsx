import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EditableTable, EditableTableErrors, type EditableTableHandle, type EditableTableProps } from './EditableTable';
import type { EditableColumn } from './types';
import { setupEnglishUi, stubLayoutApis, withProviders } from '../../../test/jsdom';

stubLayoutApis();

setupEnglishUi(['widgets', 'popupReports']);

const COLUMNS: EditableColumn[] = [
  {
    key: 'code',
    title: 'Code',
    type: 'input',
    testId: 'code',
    validateRules: [{ required: true }, { unique: true }, { pattern: 'n6-16', message: '6 to 16 digits' }],
  },
  { key: 'qty', title: 'Qty', type: 'inputNumber', testId: 'qty' },
  { key: 'on', title: 'On', type: 'checkbox', testId: 'on' },
  { key: 'orderNum', title: 'No.', type: 'hidden' },
];

function setup(props: Partial<EditableTableProps> = {}): {
  ref: React.RefObject<EditableTableHandle | null>;
  onChange: ReturnType<typeof vi.fn>;
} {
  const ref = createRef<EditableTableHandle>();
  const onChange = vi.fn();
  render(withProviders(<EditableTable ref={ref} columns={COLUMNS} onChange={onChange} {...props} />));
  return { ref, onChange };
}

const rows = (): HTMLElement[] => screen.getAllByTestId('editable-table-row');
const cell = (row: number, key: string): HTMLElement =>
  rows()[row].querySelector(`[data-cell$=":${key}"]`) as HTMLElement;

describe('EditableTable', () => {
  it('collects all values: rejects with every failing cell in rule order, then resolves without temporary ids', async () => {
    const { ref } = setup({
      value: [{ id: 'r1', code: '' }, { code: '1234567' }, { code: '1234567' }, { code: 'abc' }],
    });
    let failure: unknown;
    await act(async () => {
      failure = await ref.current!.getValues().catch((e: unknown) => e);
    });
    expect(failure).toBeInstanceOf(EditableTableErrors);
    expect((failure as EditableTableErrors).errors).toEqual([
      { rowIndex: 0, key: 'code', message: 'Code is required' },
      { rowIndex: 1, key: 'code', message: 'Code must be unique' },
      { rowIndex: 2, key: 'code', message: 'Code must be unique' },
      { rowIndex: 3, key: 'code', message: '6 to 16 digits' },
    ]);
    expect(cell(0, 'code').getAttribute('data-error')).toBe('Code is required');
    expect(cell(3, 'code').getAttribute('aria-invalid')).toBe('true');

    const inputs = screen.getAllByTestId('code');
    fireEvent.change(inputs[0], { target: { value: '111111' } });
    fireEvent.change(inputs[2], { target: { value: '222222' } });
    fireEvent.change(inputs[3], { target: { value: '333333' } });
    await waitFor(() => expect(cell(3, 'code').getAttribute('data-error')).toBe(''));
    let values: Record<string, unknown>[] = [];
    await act(async () => {
      values = await ref.current!.getValues();
    });
    expect(values.map((v) => [v.id, v.code, v.orderNum])).toEqual([
      ['r1', '111111', 1],
      [undefined, '1234567', 2],
      [undefined, '222222', 3],
      [undefined, '333333', 4],
    ]);
  });

  it('adds, inserts, removes and moves rows with the sort number recalculated', async () => {
    const { onChange } = setup({
      dragSort: true,
      value: [
        { id: 'a', code: 'A' },
        { id: 'b', code: 'B' },
      ],
    });
    const last = (): Record<string, unknown>[] => onChange.mock.lastCall![0] as Record<string, unknown>[];
    fireEvent.click(screen.getAllByTestId('editable-table-insert')[0]);
    expect(last().map((r) => [r.code, r.orderNum, r.on])).toEqual(
      [
        ['A', 1, 'N'],
        [undefined, 2, 'N'],
        ['B', 3, 'N'],
      ].map(([c, n]) => [c, n, c ? undefined : 'N']),
    );
    fireEvent.click(screen.getAllByTestId('editable-table-down')[0]);
    expect(last().map((r) => [r.code, r.orderNum])).toEqual([
      [undefined, 1],
      ['A', 2],
      ['B', 3],
    ]);
    fireEvent.click(screen.getAllByTestId('editable-table-up')[2]);
    expect(last().map((r) => r.code)).toEqual([undefined, 'B', 'A']);
    fireEvent.click(screen.getAllByTestId('editable-table-remove')[0]);
    expect(last().map((r) => [r.code, r.orderNum])).toEqual([
      ['B', 1],
      ['A', 2],
    ]);
    fireEvent.click(screen.getByTestId('editable-table-add'));
    expect(last().map((r) => r.orderNum)).toEqual([1, 2, 3]);
    // a second add within 1500 ms is refused ('you clicked too fast')
    fireEvent.click(screen.getByTestId('editable-table-add'));
    expect(rows()).toHaveLength(3);
    // drag the last row onto the first
    const handles = screen.getAllByTestId('editable-table-drag');
    fireEvent.dragStart(handles[2], { dataTransfer: { effectAllowed: '' } });
    fireEvent.drop(rows()[0]);
    expect(last().map((r) => [r.code, r.orderNum])).toEqual([
      [undefined, 1],
      ['B', 2],
      ['A', 3],
    ]);
  });

  it('maps the switch cell and parses number cells on blur', () => {
    const { onChange } = setup({ value: [{ id: 'a', code: '123456', on: 'N' }] });
    fireEvent.click(screen.getByTestId('on'));
    expect((onChange.mock.lastCall![0] as Record<string, unknown>[])[0].on).toBe('Y');
    const qty = screen.getByTestId('qty') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '-1a2.5.0' } });
    expect(qty.value).toBe('-12.50');
    fireEvent.blur(qty);
    expect((onChange.mock.lastCall![0] as Record<string, unknown>[])[0].qty).toBe(-12.5);
  });

  it('outside always-edit mode a cell becomes an editor on click and reverts on a click outside', () => {
    setup({ alwaysEdit: false, value: [{ id: 'a', code: '123456' }] });
    expect(screen.queryByTestId('code')).toBeNull();
    expect(cell(0, 'code').textContent).toBe('123456');
    fireEvent.click(cell(0, 'code'));
    const input = screen.getByTestId('code') as HTMLInputElement;
    expect(input.value).toBe('123456');
    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.mouseDown(cell(0, 'code'));
    expect(screen.getByTestId('code')).toBeTruthy();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByTestId('code')).toBeNull();
    expect(cell(0, 'code').textContent).toBe('654321');
  });

  it('rows matching disabledRows cannot be selected; removing the selection keeps the others', () => {
    const { onChange } = setup({
      rowSelection: true,
      disabledRows: { code: '999999' },
      value: [
        { id: 'a', code: '111111' },
        { id: 'b', code: '999999' },
        { id: 'c', code: '222222' },
      ],
    });
    const boxes = rows().map((r) => within(r).getAllByRole('checkbox')[0] as HTMLInputElement);
    expect(boxes.map((b) => b.disabled)).toEqual([false, true, false]);
    fireEvent.click(boxes[0]);
    fireEvent.click(screen.getByTestId('editable-table-remove-selected'));
    expect((onChange.mock.lastCall![0] as Record<string, unknown>[]).map((r) => r.id)).toEqual(['b', 'c']);
  });

  it('a popup cell without equal origin and destination fields shows the §5 error; a slot cell renders its own editor', () => {
    const columns: EditableColumn[] = [
      {
        key: 'vehicle',
        title: 'Vehicle',
        type: 'popup',
        popupCode: 'waybill_vehicle',
        orgFields: 'vehicle,driver_phone',
        destFields: 'vehicle',
      },
      {
        key: 'phone',
        title: 'Phone',
        type: 'slot',
        slot: ({ row, onChange }) => (
          <button type="button" onClick={() => onChange('13800000000')}>
            {String(row.phone ?? 'none')}
          </button>
        ),
      },
    ];
    const onChange = vi.fn();
    render(withProviders(<EditableTable columns={columns} value={[{ id: 'a' }]} onChange={onChange} />));
    expect(
      screen.getByText('A popup input needs a report code, origin fields and destination fields, as many of each'),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('none'));
    expect((onChange.mock.lastCall![0] as Record<string, unknown>[])[0]).toEqual({
      id: 'a',
      phone: '13800000000',
      orderNum: 1,
    });
    expect(screen.getByText('13800000000')).toBeTruthy();
  });
});
