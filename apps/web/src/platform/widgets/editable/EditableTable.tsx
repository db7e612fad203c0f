import { useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../feedback/feedback';
import { validateCell, type CellRuleKind } from './cellRules';
import { CellEditor, CellText } from './CellEditor';
import {
  insertRows,
  isRowDisabled,
  moveRow,
  removeRows,
  renumber,
  stripTempIds,
  tempRowId,
  withRowIds,
  type DisabledRowsRule,
  type EditableRow,
} from './rows';
import type { EditableColumn } from './types';

/** One failing cell found by collecting all values. */
export interface CellError {
  rowIndex: number;
  key: string;
  message: string;
}

/** The rejection of {@link EditableTableHandle.getValues}: every failing cell. */
export class EditableTableErrors extends Error {
  constructor(readonly errors: CellError[]) {
    super(errors[0]?.message ?? 'invalid');
    this.name = 'EditableTableErrors';
  }
}

/** What a parent can do with the table (through `ref`). */
export interface EditableTableHandle {
  /** Validates every cell; resolves to the values (temporary ids stripped) or rejects with {@link EditableTableErrors}. */
  getValues: () => Promise<Record<string, unknown>[]>;
  /** Adds rows (defaults filled) after `afterIndex`, at the end when omitted. */
  addRows: (rows?: Record<string, unknown>[], afterIndex?: number) => void;
  removeRows: (ids: string[]) => void;
  getSelectedIds: () => string[];
}

/** Props of {@link EditableTable}. */
export interface EditableTableProps {
  columns: readonly EditableColumn[];
  value?: readonly Record<string, unknown>[];
  onChange?: (rows: Record<string, unknown>[]) => void;
  /** Every cell is an editor (default); otherwise a cell becomes one on click and reverts on a click outside. */
  alwaysEdit?: boolean;
  /** Rows can be dragged (and moved up/down). */
  dragSort?: boolean;
  /** Field renumbered 1..n after each reorder; default `orderNum`, null for none. */
  dragSortKey?: string | null;
  rowSelection?: boolean;
  disabledRows?: DisabledRowsRule;
  /** Add / insert / remove buttons. */
  actionButton?: boolean;
  maxRows?: number;
  minRows?: number;
  ref?: Ref<EditableTableHandle>;
  testId?: string;
}

const FAST_CLICK_MS = 1500;
const POPUPS = '.ant-select-dropdown, .ant-picker-dropdown, .ant-popover, .ant-modal, .ant-tooltip';
const cellKey = (id: string, key: string): string => `${id}:${key}`;

/**
 * Editable table (SPEC §2 widgets, §3 columns, §4 editable table, §5 table cell rules): cells of
 * every §3 type, rules checked in order with the first failing message in a tooltip, rows
 * added / inserted / removed / dragged with the sort number recalculated, disabledRows that cannot
 * be selected, click-to-edit outside always-edit mode, and `getValues` validating every cell.
 */
export function EditableTable(props: EditableTableProps): ReactNode {
  const {
    columns,
    value,
    onChange,
    alwaysEdit = true,
    dragSort = false,
    dragSortKey = 'orderNum',
    rowSelection = false,
    disabledRows,
    actionButton = true,
    maxRows,
    minRows = 0,
    ref,
    testId = 'editable-table',
  } = props;
  const { t } = useTranslation('widgets');
  const [rows, setRows] = useState<EditableRow[]>(() => withRowIds(value ?? []));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const emitted = useRef<readonly Record<string, unknown>[] | undefined>(value);
  const rowsRef = useRef(rows);
  const lastAdd = useRef(0);
  const dragFrom = useRef<number | null>(null);
  rowsRef.current = rows;

  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setRows(withRowIds(value ?? []));
    }
  }, [value]);

  useEffect(() => {
    if (alwaysEdit || !editing) return;
    const onDown = (event: MouseEvent): void => {
      const target = event.target as Element | null;
      if (target?.closest(`[data-cell="${editing}"]`) || target?.closest(POPUPS)) return;
      setEditing(null);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [alwaysEdit, editing]);

  const defaultMessage = (kind: CellRuleKind, title: string): string => t(`rules.${kind}`, { title });
  const visible = columns.filter((c) => c.type !== 'hidden');

  const commit = (next: EditableRow[]): void => {
    const numbered = renumber(next, dragSortKey);
    rowsRef.current = numbered;
    setRows(numbered);
    const out = stripTempIds(numbered);
    emitted.current = out;
    onChange?.(out);
  };

  const checkCell = async (all: EditableRow[], rowIndex: number, column: EditableColumn): Promise<string | null> =>
    validateCell(
      all[rowIndex][column.key],
      column.validateRules ?? [],
      { key: column.key, title: column.title, rowIndex, rows: all },
      defaultMessage,
    );

  const setCells = (id: string, patch: Record<string, unknown>): void => {
    const next = rowsRef.current.map((row) => (row.id === id ? { ...row, ...patch } : row));
    commit(next);
    const index = next.findIndex((row) => row.id === id);
    for (const column of columns.filter((c) => c.key in patch)) {
      void checkCell(next, index, column).then((message) =>
        setErrors((prev) => ({ ...prev, [cellKey(id, column.key)]: message ?? '' })),
      );
    }
  };
  const setCell = (id: string, column: EditableColumn, cell: unknown): void => setCells(id, { [column.key]: cell });

  const newRow = (init: Record<string, unknown> = {}): EditableRow => {
    const row: EditableRow = { id: tempRowId() };
    for (const c of columns) {
      if (c.defaultValue !== undefined) row[c.key] = c.defaultValue;
      else if (c.type === 'checkbox') row[c.key] = (c.customValue ?? ['Y', 'N'])[c.defaultChecked ? 0 : 1];
    }
    return { ...row, ...init, id: typeof init.id === 'string' && init.id ? init.id : row.id };
  };

  const addRows = (added: Record<string, unknown>[] = [{}], afterIndex?: number): void => {
    const room = maxRows === undefined ? added.length : Math.max(0, maxRows - rowsRef.current.length);
    if (room === 0) return;
    commit(insertRows(rowsRef.current, added.slice(0, room).map(newRow), afterIndex));
  };

  const remove = (ids: string[]): void => {
    commit(removeRows(rowsRef.current, ids));
    setSelected((prev) => prev.filter((id) => !ids.includes(id)));
  };

  const move = (from: number, to: number): void => commit(moveRow(rowsRef.current, from, to));

  const getValues = async (): Promise<Record<string, unknown>[]> => {
    const all = rowsRef.current;
    const found: CellError[] = [];
    const next: Record<string, string> = {};
    for (const [rowIndex, row] of all.entries()) {
      for (const column of columns) {
        const message = await checkCell(all, rowIndex, column);
        next[cellKey(row.id, column.key)] = message ?? '';
        if (message) found.push({ rowIndex, key: column.key, message });
      }
    }
    setErrors(next);
    if (found.length > 0) throw new EditableTableErrors(found);
    return stripTempIds(all);
  };

  useImperativeHandle(ref, () => ({ getValues, addRows, removeRows: remove, getSelectedIds: () => selected }));

  const onAddClick = (): void => {
    const now = Date.now();
    if (now - lastAdd.current < FAST_CLICK_MS) {
      feedback().message.warning(t('table.tooFast'));
      return;
    }
    lastAdd.current = now;
    addRows();
  };

  const full = maxRows !== undefined && rows.length >= maxRows;
  const tableColumns: TableColumnsType<EditableRow> = visible.map((column) => ({
    key: column.key,
    title: column.title,
    width: column.width,
    render: (_: unknown, row: EditableRow) => {
      const id = cellKey(row.id, column.key);
      const error = errors[id] || undefined;
      const disabled = column.disabled;
      const edit = alwaysEdit || editing === id;
      return (
        <Tooltip title={error} color="red">
          <div
            data-cell={id}
            data-error={error ?? ''}
            aria-invalid={error ? true : undefined}
            style={{ minWidth: 40, minHeight: 24, cursor: edit ? undefined : 'pointer' }}
            onClick={() => !edit && !disabled && setEditing(id)}
          >
            {edit ? (
              <CellEditor
                column={column}
                row={row}
                value={row[column.key]}
                disabled={disabled}
                autoFocus={!alwaysEdit}
                status={error ? 'error' : undefined}
                onChange={(v) => setCell(row.id, column, v)}
                onRowChange={(patch) => setCells(row.id, patch)}
              />
            ) : (
              <CellText column={column} value={row[column.key]} />
            )}
          </div>
        </Tooltip>
      );
    },
  }));

  if (dragSort) {
    tableColumns.unshift({
      key: '__drag',
      width: 36,
      render: (_: unknown, _row: EditableRow, index: number) => (
        <span
          draggable
          aria-label={t('table.drag')}
          style={{ cursor: 'grab' }}
          onDragStart={(e) => {
            dragFrom.current = index;
            e.dataTransfer.effectAllowed = 'move';
          }}
          data-testid={`${testId}-drag`}
        >
          <HolderOutlined />
        </span>
      ),
    });
  }
  if (actionButton || dragSort) {
    tableColumns.push({
      key: '__actions',
      title: t('table.actions'),
      width: 140,
      render: (_: unknown, row: EditableRow, index: number) => (
        <Space size={0}>
          {actionButton && (
            <Button
              type="text"
              size="small"
              icon={<PlusOutlined />}
              disabled={full}
              aria-label={t('table.insert')}
              title={t('table.insert')}
              onClick={() => addRows([{}], index)}
              data-testid={`${testId}-insert`}
            />
          )}
          {dragSort && (
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              aria-label={t('table.up')}
              onClick={() => move(index, index - 1)}
              data-testid={`${testId}-up`}
            />
          )}
          {dragSort && (
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={index === rows.length - 1}
              aria-label={t('table.down')}
              onClick={() => move(index, index + 1)}
              data-testid={`${testId}-down`}
            />
          )}
          {actionButton && (
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={rows.length <= minRows}
              aria-label={t('table.remove')}
              title={t('table.remove')}
              onClick={() => remove([row.id])}
              data-testid={`${testId}-remove`}
            />
          )}
        </Space>
      ),
    });
  }

  return (
    <div data-testid={testId}>
      {actionButton && (
        <Space wrap style={{ marginBottom: 8 }}>
          <Button
            type="primary"
            size="small"
            icon={<PlusOutlined />}
            disabled={full}
            onClick={onAddClick}
            data-testid={`${testId}-add`}
          >
            {t('table.add')}
          </Button>
          {rowSelection && (
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0 || rows.length - selected.length < minRows}
              onClick={() => remove(selected)}
              data-testid={`${testId}-remove-selected`}
            >
              {t('table.removeSelected')}
            </Button>
          )}
        </Space>
      )}
      <Table<EditableRow>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={tableColumns}
        dataSource={rows}
        onRow={(_row, index) =>
          ({
            'data-testid': `${testId}-row`,
            onDragOver: (e) => {
              if (dragFrom.current !== null) e.preventDefault();
            },
            onDrop: (e) => {
              e.preventDefault();
              if (dragFrom.current !== null && index !== undefined) move(dragFrom.current, index);
              dragFrom.current = null;
            },
          }) as React.HTMLAttributes<HTMLElement>
        }
        rowSelection={
          rowSelection
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (row) => ({ disabled: isRowDisabled(row, disabledRows) }),
              }
            : undefined
        }
      />
    </div>
  );
}
