import type { ReactNode } from 'react';
import { Alert, Card, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { useResponsive } from '../responsive/useResponsive';
import { ListToolbar, type ListToolbarProps } from './ListToolbar';
import { listColumns } from './listColumns';
import { LIST_PAGE_SIZES } from './paging';
import { QueryForm, type QueryField } from './QueryForm';
import { rowId, type ListPageState } from './useListPage';

/** Props of {@link ListPage}. */
export interface ListPageProps<Row> extends Omit<ListToolbarProps<Row>, 'list'> {
  list: ListPageState<Row>;
  columns: NonNullable<TableProps<Row>['columns']>;
  queryFields?: readonly QueryField[];
  /** Row selection (batch delete, export of selections); on by default. */
  selectable?: boolean;
  /** More antd Table props (expandable rows, size…). */
  tableProps?: Omit<TableProps<Row>, 'columns' | 'dataSource' | 'pagination' | 'rowSelection' | 'loading' | 'onChange'>;
  testId?: string;
  /** The list sits in a drawer or side panel: a narrower query form. */
  narrowQuery?: boolean;
}

function toSort<Row>(
  sorter: SorterResult<Row> | SorterResult<Row>[],
): { column: string; order: 'asc' | 'desc' } | null {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!one?.order) return null;
  const field = Array.isArray(one.field) ? one.field.join('.') : one.field;
  return { column: String(field ?? one.columnKey ?? ''), order: one.order === 'ascend' ? 'asc' : 'desc' };
}

/**
 * A list page of the console (ARCHITECTURE §7): query form, toolbar (add, import, export,
 * advanced query, batch delete), selection notice and an antd Table with the list's paging.
 */
export function ListPage<Row extends object>(props: ListPageProps<Row>): ReactNode {
  const { list, columns, queryFields, selectable = true, tableProps, testId, narrowQuery, ...toolbar } = props;
  const { t } = useTranslation('list');
  const { isMobile } = useResponsive();
  const shownColumns = listColumns(columns, isMobile);
  return (
    <Card size="small" data-testid={testId}>
      {queryFields && queryFields.length > 0 && (
        <div style={{ marginBottom: 12 }}>
          <QueryForm fields={queryFields} onSearch={list.search} narrow={narrowQuery} />
        </div>
      )}
      <ListToolbar list={list} {...toolbar} />
      {selectable && list.selectedKeys.length > 0 && (
        <Alert
          style={{ marginBottom: 12 }}
          type="info"
          showIcon
          title={
            <span>
              {t('selection.count', { count: list.selectedKeys.length })}{' '}
              <a onClick={list.clearSelection}>{t('selection.clear')}</a>
            </span>
          }
        />
      )}
      <Table<Row>
        // phones: compact cells, and the table as wide as the screen so long texts (headers too) wrap
        // instead of pushing the actions off screen, whatever scroll width a page
        // asks for (a page's `scroll.x` of 640 or 900 hid the actions of device groups and gateways
        // behind a sideways scroll); wider screens scroll sideways unless the page says otherwise
        // (`scroll: undefined` given explicitly: the download center fits its columns to the view)
        size={isMobile ? 'small' : 'middle'}
        {...tableProps}
        scroll={isMobile ? undefined : tableProps && 'scroll' in tableProps ? tableProps.scroll : { x: 'max-content' }}
        rowKey={(row) => rowId(list, row)}
        columns={shownColumns}
        dataSource={list.rows}
        loading={list.loading}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: list.selectedKeys,
                onChange: (keys, rows) => list.select(keys.map(String), rows),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        pagination={{
          current: list.pageNo,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          pageSizeOptions: LIST_PAGE_SIZES.map(String),
          showTotal: (total, range) => t('pagination.total', { from: range[0], to: range[1], total }),
          onChange: list.changePage,
        }}
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action === 'sort') list.changeSort(toSort(sorter));
        }}
      />
    </Card>
  );
}
