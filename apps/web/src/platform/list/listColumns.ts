import type { TableColumnsType } from 'antd';

/** How many data columns a phone shows, besides the actions, when a list does not say. */
export const PHONE_DATA_COLUMNS = 2;

type Column<Row> = TableColumnsType<Row>[number];

function isActions<Row>(column: Column<Row>): boolean {
  return column.key === 'actions' || column.key === 'action' || column.fixed === 'right';
}

/**
 * The columns a list page gives its table. On a phone a fixed column would cover the others, so
 * none is fixed there, and data columns take the width of their content (the actions keep theirs, so
 * their links wrap); and so the table does not
 * scroll sideways with two columns in view, a column that does not declare its own `responsive`
 * breakpoints is shown from tablets up (antd `md`, 768 px) unless it is one of the first
 * {@link PHONE_DATA_COLUMNS} data columns or the actions.
 */
export function listColumns<Row>(columns: readonly Column<Row>[], isMobile: boolean): Column<Row>[] {
  let dataColumns = 0;
  return columns.map((column) => {
    if (isActions(column)) return isMobile ? { ...column, fixed: undefined } : column;
    const shown: Column<Row> = isMobile ? { ...column, fixed: undefined, width: undefined } : column;
    if (column.responsive || column.hidden) return shown;
    dataColumns += 1;
    return dataColumns > PHONE_DATA_COLUMNS ? { ...shown, responsive: ['md'] } : shown;
  });
}
