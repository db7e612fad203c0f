import { useMemo, useState, type ReactNode } from 'react';
import { Col, Input, Modal, Row, Table, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserRoutes, type UserRecord } from '@ztj/contracts';
import { useResponsive } from '../responsive/useResponsive';
import { PICKER_PAGE_SIZE, PICKER_PAGE_SIZES } from '../list/paging';
import { useListPage } from '../list/useListPage';
import { filterTree } from './departTree';
import { useDepartIdTree } from './useDepartTree';

/** Props of {@link UserByDepartPicker}. */
export interface UserByDepartPickerProps {
  open: boolean;
  multi?: boolean;
  onOk: (users: UserRecord[]) => void;
  onCancel: () => void;
}

/** User-by-department picker (SPEC §2 widgets): department tree left, users of it right. */
export function UserByDepartPicker({ open, multi = true, onOk, onCancel }: UserByDepartPickerProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const { isMobile } = useResponsive();
  const tree = useDepartIdTree(open);
  const [search, setSearch] = useState('');
  const [depId, setDepId] = useState<string>('');
  const [picked, setPicked] = useState<UserRecord[]>([]);
  const nodes = useMemo(() => filterTree(tree.data ?? [], search), [tree.data, search]);
  const defaultQuery = useMemo(() => (depId ? { depId } : undefined), [depId]);
  const list = useListPage({
    route: UserRoutes.departUserList,
    permissionPrefix: '',
    sourceKey: 'picker:departUser',
    defaultQuery,
    defaultPageSize: PICKER_PAGE_SIZE,
    enabled: open && depId !== '',
  });

  return (
    <Modal
      open={open}
      width={900}
      title={t('pickers.userByDepart')}
      onCancel={onCancel}
      onOk={() => onOk(picked)}
      destroyOnHidden
    >
      <Row gutter={12}>
        <Col span={isMobile ? 24 : 8}>
          <Input.Search
            allowClear
            placeholder={t('pickers.searchDepart')}
            onChange={(e) => setSearch(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          <div style={{ maxHeight: 400, overflow: 'auto' }}>
            <Tree
              treeData={nodes}
              defaultExpandAll
              selectedKeys={depId ? [depId] : []}
              onSelect={(keys) => setDepId(String(keys[0] ?? ''))}
            />
          </div>
        </Col>
        <Col span={isMobile ? 24 : 16}>
          <Table<UserRecord>
            size="small"
            rowKey="id"
            scroll={{ x: 'max-content', y: 240 }}
            dataSource={depId ? list.rows : []}
            loading={list.loading}
            rowSelection={{
              type: multi ? 'checkbox' : 'radio',
              selectedRowKeys: picked.map((u) => u.id),
              preserveSelectedRowKeys: true,
              onChange: (_k, rows) => setPicked(rows),
            }}
            columns={[
              { title: t('user.username'), dataIndex: 'username' },
              { title: t('user.realname'), dataIndex: 'realname' },
              { title: t('user.phone'), dataIndex: 'phone' },
            ]}
            pagination={{
              current: list.pageNo,
              pageSize: list.pageSize,
              total: list.total,
              size: 'small',
              pageSizeOptions: PICKER_PAGE_SIZES.map(String),
              onChange: list.changePage,
            }}
          />
        </Col>
      </Row>
    </Modal>
  );
}
