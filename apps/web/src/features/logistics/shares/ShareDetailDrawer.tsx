import { useState, type ReactNode } from 'react';
import { Alert, Button, Descriptions, Drawer, Empty, Form, Space, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHARE_PERMS, type DeviceRecord, type ShareAccessRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { reportSaveError } from '../../../platform/forms/formIssues';
import { Authorized } from '../../../platform/permissions/Authorized';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { DevicePickerField } from '../../alarm-settings/DevicePickerField';
import { StatusTag } from '../../devices/StatusTag';
import { useShareAccessLog, useShareDetail, useShareDevices } from './api';
import { formatShareTime, ShareStatusTag } from './shareFormat';

/**
 * Owner side detail of one share: receiver, note, expiry, state; its devices (add with the device
 * picker, remove after confirmation while the share has not ended); and the receiver's access
 * log (who, which device, what, when), newest first.
 */
export function ShareDetailDrawer({ shareId, onClose }: { shareId: string | null; onClose: () => void }): ReactNode {
  const { t } = useTranslation('shares');
  const { isMobile } = useResponsive();
  const detail = useShareDetail(shareId);
  const devices = useShareDevices();
  const [logPage, setLogPage] = useState({ pageNo: 1, pageSize: 10 });
  const log = useShareAccessLog(shareId, logPage.pageNo, logPage.pageSize);
  const [form] = Form.useForm<{ deviceIds: string }>();
  const share = detail.data;
  const open = share?.status !== 'ended';

  const addDevices = async (): Promise<void> => {
    const ids = String(form.getFieldValue('deviceIds') ?? '')
      .split(',')
      .filter(Boolean);
    if (!share || ids.length === 0) {
      form.setFields([{ name: 'deviceIds', errors: [t('common:validation.sceneNoDevice')] }]);
      return;
    }
    try {
      await devices.mutateAsync({ id: share.id, deviceIds: ids, bind: true });
      form.resetFields();
      feedback().message.success(t('saved'));
    } catch (error) {
      reportSaveError(form, error, t);
    }
  };

  const removeDevice = (d: DeviceRecord): void => {
    if (!share) return;
    feedback().modal.confirm({
      title: t('detail.removeTitle'),
      content: t('detail.removeContent', { name: d.alias || d.name }),
      okButtonProps: { danger: true, 'data-testid': 'share-remove-ok' } as never,
      okText: t('actions.remove'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        await devices.mutateAsync({ id: share.id, deviceIds: [d.id], bind: false });
        feedback().message.success(t('saved'));
      },
    });
  };

  return (
    <Drawer
      open={shareId !== null}
      onClose={onClose}
      title={t('detail.title')}
      width={isMobile ? '100%' : 760}
      destroyOnHidden
    >
      {detail.isError && <Alert type="error" showIcon title={detail.error.message} />}
      <Spin spinning={detail.isLoading}>
        {share && (
          <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="share-detail">
            <Descriptions size="small" column={isMobile ? 1 : 2} bordered>
              <Descriptions.Item label={t('fields.receiver')}>
                {share.receiverRealname} ({share.receiverUsername})
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.status')}>
                <ShareStatusTag status={share.status} t={t} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.expireTime')}>
                {formatShareTime(share.expireTime, t('noExpiry'))}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.createTime')}>{formatShareTime(share.createTime)}</Descriptions.Item>
              <Descriptions.Item label={t('fields.note')} span={isMobile ? 1 : 2}>
                {share.note || '—'}
              </Descriptions.Item>
            </Descriptions>

            <div>
              <Typography.Title level={5}>{t('detail.devices', { count: share.devices.length })}</Typography.Title>
              {open && (
                <Authorized action={SHARE_PERMS.edit}>
                  <Form form={form} layout={isMobile ? 'vertical' : 'inline'} style={{ marginBottom: 12 }}>
                    <Form.Item name="deviceIds" style={{ minWidth: isMobile ? undefined : 320, flex: 1 }}>
                      <DevicePickerField />
                    </Form.Item>
                    <Button
                      onClick={() => void addDevices()}
                      loading={devices.isPending}
                      data-testid="share-add-devices"
                    >
                      {t('detail.addDevices')}
                    </Button>
                  </Form>
                </Authorized>
              )}
              <Table<DeviceRecord>
                size="small"
                rowKey="id"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={share.devices}
                locale={{
                  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noDevices')} />,
                }}
                columns={[
                  { title: t('fields.deviceName'), key: 'name', render: (_: unknown, d) => d.alias || d.name },
                  { title: t('fields.deviceId'), dataIndex: 'id', key: 'id' },
                  {
                    title: t('fields.deviceStatus'),
                    key: 'status',
                    render: (_: unknown, d) => <StatusTag status={d.status} />,
                  },
                  ...(open
                    ? [
                        {
                          title: t('fields.actions'),
                          key: 'actions',
                          render: (_: unknown, d: DeviceRecord) => (
                            <Authorized action={SHARE_PERMS.edit}>
                              <Button
                                type="link"
                                size="small"
                                danger
                                onClick={() => removeDevice(d)}
                                disabled={share.devices.length <= 1}
                              >
                                {t('actions.remove')}
                              </Button>
                            </Authorized>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
            </div>

            <div>
              <Typography.Title level={5}>{t('detail.accessLog')}</Typography.Title>
              {log.isError && <Alert type="error" showIcon title={log.error.message} style={{ marginBottom: 8 }} />}
              <Table<ShareAccessRecord>
                size="small"
                rowKey="id"
                loading={log.isFetching}
                dataSource={log.data?.records ?? []}
                scroll={{ x: 'max-content' }}
                data-testid="share-access-log"
                locale={{
                  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noAccess')} />,
                }}
                pagination={{
                  current: logPage.pageNo,
                  pageSize: logPage.pageSize,
                  total: log.data?.total ?? 0,
                  size: 'small',
                  showSizeChanger: true,
                  pageSizeOptions: ['10', '20', '30'],
                  onChange: (pageNo, pageSize) => setLogPage({ pageNo, pageSize }),
                }}
                columns={[
                  {
                    title: t('fields.accessTime'),
                    dataIndex: 'createTime',
                    key: 'createTime',
                    render: (v: number) => formatShareTime(v),
                  },
                  { title: t('fields.account'), dataIndex: 'username', key: 'username' },
                  { title: t('fields.deviceId'), dataIndex: 'deviceId', key: 'deviceId' },
                  {
                    title: t('fields.action'),
                    dataIndex: 'action',
                    key: 'action',
                    render: (v: string) => t(`action.${v}`),
                  },
                ]}
              />
            </div>
          </Space>
        )}
      </Spin>
    </Drawer>
  );
}
