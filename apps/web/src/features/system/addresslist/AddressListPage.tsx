import { useMemo, useState, type ReactNode } from 'react';
import { Card, Col, Row, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserRoutes, type UserRecord } from '@ztj/contracts';
import { ListPage } from '../../../platform/list/ListPage';
import { useListPage } from '../../../platform/list/useListPage';
import { useDepartIdTree } from '../../../platform/pickers/useDepartTree';

/** Address list (`system/AddressList`): department tree and the read-only list of its people. */
export function AddressListPage(): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const tree = useDepartIdTree();
  const [depId, setDepId] = useState('');
  const defaultQuery = useMemo(() => (depId ? { depId } : undefined), [depId]);
  const list = useListPage({
    route: UserRoutes.addressList,
    permissionPrefix: 'addresslist',
    sourceKey: '/system/addresslist',
    defaultQuery,
  });
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6}>
        <Card size="small" title={t('depart.pickTitle')}>
          <Tree
            key={tree.dataUpdatedAt}
            defaultExpandAll
            treeData={tree.data ?? []}
            selectedKeys={depId ? [depId] : []}
            onSelect={(keys) => setDepId(String(keys[0] ?? ''))}
          />
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <ListPage<UserRecord>
          testId="address-list"
          list={list}
          selectable={false}
          narrowQuery
          queryFields={[
            { name: 'realname', label: t('user.realname'), kind: 'text' },
            { name: 'workNo', label: t('user.workNo'), kind: 'text' },
          ]}
          columns={[
            { title: t('user.realname'), dataIndex: 'realname' },
            { title: t('user.workNo'), dataIndex: 'workNo' },
            { title: t('user.departs'), dataIndex: 'orgCodeTxt' },
            { title: t('user.post'), dataIndex: 'post' },
            { title: t('user.phone'), dataIndex: 'phone' },
            { title: t('user.telephone'), dataIndex: 'telephone' },
            { title: t('user.email'), dataIndex: 'email' },
          ]}
        />
      </Col>
    </Row>
  );
}
