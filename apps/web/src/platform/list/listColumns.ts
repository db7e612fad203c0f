import type { TableColumnsType } from 'antd';

/** How many data columns a phone shows, besides the actions, when a list does not say. */
export const PHONE_DATA_COLUMNS = 2;
/** Widest actions column on a phone, px: its links wrap rather than push the table sideways. */
export const PHONE_ACTIONS_WIDTH = 112;

type Column<Row> = TableColumnsType<Row>[number];

function isActions<Row>(column: Column<Row>): boolean {
  return column.key === 'actions' || column.key === 'action' || column.fixed === 'right';
}

/**
 * The columns a list page gives its table. On a phone a fixed column would cover the others, so
 * none is fixed there, and data columns take the width of their content (the actions keep theirs,
 * at most {@link PHONE_ACTIONS_WIDTH}, so their links wrap); and so the table does not
 * scroll sideways with two columns in view, a column that does not declare its own `responsive`
 * breakpoints is shown from tablets up (antd `md`, 768 px) unless it is one of the first
 * {@link PHONE_DATA_COLUMNS} data columns or the actions.
 */
export function listColumns<Row>(columns: readonly Column<Row>[], isMobile: boolean): Column<Row>[] {
  let dataColumns = 0;
  return columns.map((column) => {
    if (isActions(column)) {
      if (!isMobile) return column;
      const width = typeof column.width === 'number' ? Math.min(column.width, PHONE_ACTIONS_WIDTH) : column.width;
      return { ...column, fixed: undefined, width };
    }
    const shown: Column<Row> = isMobile ? { ...column, fixed: undefined, width: undefined } : column;
    if (column.responsive || column.hidden) return shown;
    dataColumns += 1;
    return dataColumns > PHONE_DATA_COLUMNS ? { ...shown, responsive: ['md'] } : shown;
  });
}
