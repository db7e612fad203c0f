import type { ReactNode } from 'react';
import { Button, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/list/listQuery';
import { UserRoutes, type UserRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
import { LIST_PAGE_SIZES } from '../../../platform/list/paging';
import { useListPage } from '../../../platform/list/useListPage';

interface RecycleBinModalProps {
  onClose: () => void;
  /** The user list refreshes after a restore. */
  onRestored: () => void;
}

/** Recycle bin of users (SPEC §4): restore, or delete for ever, each after confirmation. */
export function RecycleBinModal({ onClose, onRestored }: RecycleBinModalProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const list = useListPage({ route: UserRoutes.recycleBin, permissionPrefix: 'user', sourceKey: 'userRecycleBin' });
  const act = (ids: string[], restore: boolean): void => {
    if (ids.length === 0) {
      feedback().message.warning(t('list:selectRecord'));
      return;
    }
    const userIds = ids.join(',');
    feedback().modal.confirm({
      title: restore ? t('user.recycle.restoreTitle') : t('user.recycle.purgeTitle'),
      content: restore
        ? t('user.recycle.restoreConfirm', { count: ids.length })
        : t('user.recycle.purgeConfirm', { count: ids.length }),
      okButtonProps: { danger: !restore },
      onOk: async () => {
        if (restore) await callApi(UserRoutes.putRecycleBin, { body: { userIds } });
        else await callApi(UserRoutes.deleteRecycleBin, { query: { userIds } });
        feedback().message.success(t('list:operateSuccess'));
        list.afterDelete(ids.length);
        if (restore) onRestored();
      },
    });
  };
  return (
    <Modal open width={1000} title={t('user.recycle.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button onClick={() => act(list.selectedKeys, true)}>{t('user.recycle.restoreSelected')}</Button>
        <Button danger onClick={() => act(list.selectedKeys, false)}>
          {t('user.recycle.purgeSelected')}
        </Button>
      </Space>
      <Table<UserRecord>
        size="small"
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={list.loading}
        dataSource={list.rows}
        rowSelection={{
          selectedRowKeys: list.selectedKeys,
          onChange: (keys, rows) => list.select(keys.map(String), rows),
        }}
        pagination={{
          current: list.pageNo,
          pageSize: list.pageSize,
          total: list.total,
          pageSizeOptions: LIST_PAGE_SIZES.map(String),
          showSizeChanger: true,
          onChange: list.changePage,
        }}
        columns={[
          { title: t('user.username'), dataIndex: 'username' },
          { title: t('user.realname'), dataIndex: 'realname' },
          { title: t('user.departs'), dataIndex: 'orgCodeTxt' },
          { title: t('user.updateTime'), dataIndex: 'updateTime', render: formatDateTime },
          {
            title: t('list:actions.title'),
            key: 'actions',
            render: (_v, row) => (
              <Space>
                <a onClick={() => act([row.id], true)}>{t('user.recycle.restore')}</a>
                <a onClick={() => act([row.id], false)}>{t('user.recycle.purge')}</a>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
