import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { formatDateTime } from '../list/listQuery';
import { WrapText } from '../list/WrapText';
import { LinkActions, type LinkAction } from './LinkActions';

/** Column props a caller may add to or override in the column builders below. */
export type ColumnExtra<Row> = Omit<ColumnType<Row>, 'title' | 'dataIndex'>;

/** A column of the field `dataIndex`: `base` (the builder's defaults), then the caller's `extra`. */
function fieldColumn<Row>(
  title: string,
  dataIndex: keyof Row & string,
  base: ColumnExtra<Row>,
  extra?: ColumnExtra<Row>,
): ColumnType<Row> {
  return { title, dataIndex, ...base, ...extra };
}

/** A text column shown as inline code (codes, cron expressions, bucket names), sortable by default. */
export function codeColumn<Row>(
  title: string,
  dataIndex: keyof Row & string,
  extra?: ColumnExtra<Row>,
): ColumnType<Row> {
  const render = (v: string): ReactNode => <Typography.Text code>{v}</Typography.Text>;
  return fieldColumn(title, dataIndex, { sorter: true, render }, extra);
}

/**
 * A date-time column (ISO text in, `YYYY-MM-DD HH:mm:ss` out, `-` when empty): sortable and 170 px
 * wide by default, the create time unless told.
 */
export function dateTimeColumn<Row>(
  title: string,
  dataIndex: keyof Row & string = 'createTime' as keyof Row & string,
  extra?: ColumnExtra<Row>,
): ColumnType<Row> {
  const render = (v: string | null): ReactNode => (v ? formatDateTime(v) : '-');
  return fieldColumn(title, dataIndex, { sorter: true, width: 170, render }, extra);
}

/**
 * A time column of epoch milliseconds shown as `YYYY-MM-DD HH:mm:ss`, 170 px wide, the create
 * time unless told (the alarm-settings and logistics records carry times as numbers).
 */
export function epochTimeColumn<Row>(
  title: string,
  dataIndex: keyof Row & string = 'createTime' as keyof Row & string,
  extra?: ColumnExtra<Row>,
): ColumnType<Row> {
  const render = (v: number): ReactNode => formatDateTime(new Date(v).toISOString());
  return fieldColumn(title, dataIndex, { key: dataIndex, width: 170, render }, extra);
}

/** The last column of a list, `key` `actions`: the row's actions, pinned to the right, `width` px. */
export function actionsColumn<Row>(title: string, width: number, render: (row: Row) => ReactNode): ColumnType<Row> {
  return { title, key: 'actions', fixed: 'right', width, render: (_: unknown, row: Row) => render(row) };
}

/** {@link actionsColumn} whose cell is the row's link buttons (see {@link LinkActions}). */
export function linkActionsColumn<Row>(
  title: string,
  width: number,
  actions: (row: Row) => readonly LinkAction[],
): ColumnType<Row> {
  return actionsColumn(title, width, (row) => <LinkActions actions={actions(row)} />);
}

/** A sortable text column that wraps long words (`WrapText`), `key` = `dataIndex`: names, titles. */
export function wrapTextColumn<Row>(
  title: string,
  dataIndex: keyof Row & string,
  extra?: ColumnExtra<Row>,
): ColumnType<Row> {
  const render = (v: string): ReactNode => <WrapText>{v}</WrapText>;
  return fieldColumn(title, dataIndex, { key: dataIndex, sorter: true, render }, extra);
}

/**
 * A yes/no column of a boolean field shown as a tag (green for yes), 90 px wide, `key` =
 * `dataIndex`; `texts` are the translated words.
 */
export function yesNoTagColumn<Row>(
  title: string,
  dataIndex: keyof Row & string,
  texts: { yes: string; no: string },
  extra?: ColumnExtra<Row>,
): ColumnType<Row> {
  const render = (v: boolean): ReactNode => <Tag color={v ? 'green' : 'default'}>{v ? texts.yes : texts.no}</Tag>;
  return fieldColumn(title, dataIndex, { key: dataIndex, width: 90, render }, extra);
}
