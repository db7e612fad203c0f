import { useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DEVICE_PERMS, DeviceRoutes } from '@ztj/contracts';
import { Authorized } from '../../platform/permissions/Authorized';
import { feedback } from '../../platform/feedback/feedback';
import { ListPage } from '../../platform/list/ListPage';
import { useGroupMutations, type GroupRecord } from './api';
import { GroupDevicesModal } from './GroupDevicesModal';
import { GroupFormModal } from './GroupFormModal';
import { formatReportTime } from './parameterFormat';
import { useLiveListPage } from './useLiveListPage';

/**
 * Device groups (`device/DeviceGroupList`, /device/group) on the list machinery: paged list with a
 * name query (text operators), add (`device:group:add`), rename, delete after confirmation (the
 * devices become ungrouped; the page is recomputed) and device assignment.
 */
export function DeviceGroupPage(): ReactNode {
  const { t } = useTranslation('devices');
  const [editing, setEditing] = useState<GroupRecord | 'new' | null>(null);
  const [assigning, setAssigning] = useState<GroupRecord | null>(null);
  const { list, error } = useLiveListPage(
    { route: DeviceRoutes.groupList, permissionPrefix: 'device:group', sourceKey: '/device/group' },
    false,
  );
  const { remove } = useGroupMutations();

  const confirmDelete = (group: GroupRecord): void => {
    feedback().modal.confirm({
      title: t('groups.deleteTitle'),
      content: t('groups.deleteContent', { name: group.name, count: group.deviceCount }),
      okButtonProps: { danger: true },
      okText: t('groups.delete'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(group.id);
        feedback().message.success(t('groups.deleted'));
        list.afterDelete(1);
      },
    });
  };

  const columns: ColumnsType<GroupRecord> = [
    { title: t('groups.name'), dataIndex: 'name', key: 'name' },
    { title: t('groups.deviceCount'), dataIndex: 'deviceCount', key: 'deviceCount', width: 120 },
    {
      title: t('info.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      width: 180,
      render: (v: number) => formatReportTime(v),
    },
    {
      title: t('list.columns.actions'),
      key: 'actions',
      width: 240,
      render: (_: unknown, g) => (
        <Space size={0} wrap>
          <Authorized action={DEVICE_PERMS.groupEdit}>
            <Button type="link" size="small" onClick={() => setEditing(g)}>
              {t('groups.rename')}
            </Button>
            <Button type="link" size="small" onClick={() => setAssigning(g)} data-testid={`assign-${g.id}`}>
              {t('groups.assign')}
            </Button>
          </Authorized>
          <Authorized action={DEVICE_PERMS.groupDelete}>
            <Button type="link" size="small" danger onClick={() => confirmDelete(g)}>
              {t('groups.delete')}
            </Button>
          </Authorized>
        </Space>
      ),
    },
  ];

  return (
    <>
      {error && (
        <Alert
          type="error"
          showIcon
          title={t('groups.error')}
          description={error.message}
          style={{ marginBottom: 12 }}
        />
      )}
      <ListPage<GroupRecord>
        testId="device-groups"
        list={list}
        selectable={false}
        onAdd={() => setEditing('new')}
        queryFields={[{ name: 'name', label: t('groups.name'), kind: 'text' }]}
        columns={columns}
        tableProps={{
          scroll: { x: 640 },
          locale: { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('groups.empty')} /> },
        }}
      />
      <GroupFormModal group={editing} onClose={() => setEditing(null)} />
      <GroupDevicesModal group={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}
