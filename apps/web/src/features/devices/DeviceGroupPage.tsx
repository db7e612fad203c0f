import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEVICE_PERMS } from '@ztj/contracts';
import { Authorized } from '../../platform/permissions/Authorized';
import { feedback } from '../../platform/feedback/feedback';
import { useGroupMutations, useGroups, type GroupRecord } from './api';
import { GroupDevicesModal } from './GroupDevicesModal';
import { GroupFormModal } from './GroupFormModal';
import { formatReportTime } from './parameterFormat';

/**
 * Device groups (`device/DeviceGroupList`, /device/group): paged list with add, rename,
 * delete (after confirmation; the devices become ungrouped) and device assignment.
 */
export function DeviceGroupPage(): ReactNode {
  const { t } = useTranslation('devices');
  const [query, setQuery] = useState<{ pageNo: number; pageSize: number; name?: string }>({ pageNo: 1, pageSize: 10 });
  const [editing, setEditing] = useState<GroupRecord | 'new' | null>(null);
  const [assigning, setAssigning] = useState<GroupRecord | null>(null);
  const groups = useGroups(query);
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
      },
    });
  };

  const columns: ColumnsType<GroupRecord> = [
    { title: t('groups.name'), dataIndex: 'name', key: 'name' },
    { title: t('groups.deviceCount'), dataIndex: 'deviceCount', key: 'deviceCount', width: 120 },
    { title: t('info.createTime'), dataIndex: 'createTime', key: 'createTime', width: 180, render: (v: number) => formatReportTime(v) },
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
    <Card data-testid="device-groups">
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Form layout="inline" onFinish={(v: { name?: string }) => setQuery((q) => ({ ...q, pageNo: 1, name: v.name?.trim() || undefined }))}>
          <Form.Item name="name" label={t('groups.name')}>
            <Input allowClear />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('list.search.submit')}
          </Button>
        </Form>
        <Authorized action={DEVICE_PERMS.groupAdd}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="group-add">
            {t('groups.add')}
          </Button>
        </Authorized>
      </Space>
      {groups.isError && <Alert type="error" showIcon title={t('groups.error')} style={{ marginBottom: 12 }} />}
      <Table<GroupRecord>
        rowKey="id"
        columns={columns}
        dataSource={groups.data?.records ?? []}
        loading={groups.isLoading}
        scroll={{ x: 640 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('groups.empty')} /> }}
        onChange={(p) => setQuery((q) => ({ ...q, pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 }))}
        pagination={{ current: query.pageNo, pageSize: query.pageSize, total: groups.data?.total ?? 0, pageSizeOptions: [10, 20, 30], showSizeChanger: true, showTotal: (total) => t('common.total', { total }) }}
      />
      <GroupFormModal group={editing} onClose={() => setEditing(null)} />
      <GroupDevicesModal group={assigning} onClose={() => setAssigning(null)} />
    </Card>
  );
}
