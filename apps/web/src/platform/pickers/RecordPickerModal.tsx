import { useEffect, useState, type ReactNode } from 'react';
import { Input, Modal, Space, Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteDef } from '@ztj/contracts';
import { PICKER_PAGE_SIZE, PICKER_PAGE_SIZES } from '../list/paging';
import { QueryForm, type QueryField } from '../list/QueryForm';
import { applyTextOperator } from '../list/textOperators';
import { rowId, useListPage, type RowOf } from '../list/useListPage';
import { selectAllInBasket, toggleInBasket } from './pickerBasket';

/** Props of {@link RecordPickerModal}. */
export interface RecordPickerModalProps<D extends RouteDef> {
  open: boolean;
  title: string;
  /** List route the records come from (generic list). */
  route: D;
  columns: NonNullable<TableProps<RowOf<D>>['columns']>;
  /** Field the search box filters (like). */
  searchField?: string;
  /** A query form instead of the search box (e.g. the user picker's sex and birthday filters). */
  queryFields?: readonly QueryField[];
  /** Label of a row in the basket. */
  labelOf: (row: RowOf<D>) => string;
  multi?: boolean;
  /** Rows committed before (the basket starts with them). */
  value?: RowOf<D>[];
  width?: number;
  /** Fixed query fields (e.g. `depId`). */
  defaultQuery?: Record<string, string>;
  sourceKey: string;
  /** Row id field, `id` by default. */
  rowKey?: string;
  onOk: (rows: RowOf<D>[]) => void;
  onCancel: () => void;
}

/**
 * Generic record picker (SPEC §2 widgets, §4): a paged table (page size 5) with a basket of
 * selections; row click toggles (multi) or replaces (single); OK commits, cancel drops changes.
 */
export function RecordPickerModal<D extends RouteDef>(props: RecordPickerModalProps<D>): ReactNode {
  type Row = RowOf<D>;
  const {
    open,
    title,
    route,
    columns,
    searchField,
    queryFields,
    labelOf,
    multi = false,
    value = [],
    width = 900,
    defaultQuery,
    sourceKey,
    rowKey,
    onOk,
    onCancel,
  } = props;
  const { t } = useTranslation(['system', 'list']);
  const list = useListPage({
    route,
    permissionPrefix: '',
    sourceKey: `picker:${sourceKey}`,
    defaultQuery,
    rowKey,
    defaultPageSize: PICKER_PAGE_SIZE,
    enabled: open,
  });
  const [basket, setBasket] = useState<Row[]>(value);
  const keyOf = (row: Row): string => rowId(list, row);
  const keys = basket.map(keyOf);

  const toggle = (row: Row): void => setBasket(toggleInBasket(basket, row, keyOf, multi));
  // cancel restores the last committed selection: each opening starts from it
  useEffect(() => {
    if (open) setBasket(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog opens
  }, [open]);

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onCancel}
      onOk={() => {
        if (basket.length === 0) {
          Modal.warning({ title: t('pickers.selectOne') });
          return;
        }
        onOk(basket);
      }}
      destroyOnHidden
    >
      {queryFields && (
        <div style={{ marginBottom: 12 }}>
          <QueryForm name={`picker_${sourceKey}`} fields={queryFields} onSearch={list.search} />
        </div>
      )}
      {searchField && !queryFields && (
        <Input.Search
          allowClear
          style={{ marginBottom: 12, maxWidth: 320 }}
          placeholder={t('pickers.search')}
          onSearch={(text) => list.search(text.trim() ? { [searchField]: applyTextOperator(text, 'like', true) } : {})}
        />
      )}
      <Space wrap style={{ marginBottom: 8 }} data-testid="picker-basket">
        {basket.map((row) => (
          <Tag key={keyOf(row)} closable onClose={() => setBasket(basket.filter((r) => keyOf(r) !== keyOf(row)))}>
            {labelOf(row)}
          </Tag>
        ))}
      </Space>
      <Table<Row>
        size="small"
        scroll={{ x: 'max-content', y: 240 }}
        rowKey={keyOf}
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: keys,
          preserveSelectedRowKeys: true,
          onSelect: (row) => toggle(row),
          onSelectAll: (checked, _rows, changed) => setBasket(selectAllInBasket(basket, changed, checked, keyOf)),
        }}
        onRow={(row) => ({ onClick: () => toggle(row) })}
        pagination={{
          current: list.pageNo,
          pageSize: list.pageSize,
          total: list.total,
          size: 'small',
          showSizeChanger: true,
          pageSizeOptions: PICKER_PAGE_SIZES.map(String),
          onChange: list.changePage,
        }}
      />
    </Modal>
  );
}
