import { useState, type ReactNode } from 'react';
import { Button, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { WAYBILL_PERMS, type DeviceRecord, type WaybillDetail } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { toLanguage } from '../../../platform/i18n/i18n';
import { Authorized } from '../../../platform/permissions/Authorized';
import { DevicePickerField } from '../../alarm-settings/DevicePickerField';
import { ParameterValues } from '../../devices/ParameterValues';
import { formatReportTime } from '../../devices/parameterFormat';
import { StatusTag } from '../../devices/StatusTag';
import { useWaybillDevices } from './api';
import { errorText } from './useWaybillActions';

/**
 * The devices of a waybill with their latest data (SPEC §7 getRealById devices), and — until it is
 * completed — adding devices (addDevs; refused for a device already on another ongoing waybill) and
 * removing them after confirmation (delDevInTask; one stays).
 */
export function WaybillDevicesPanel({
  waybill,
  devices,
}: {
  waybill: WaybillDetail;
  devices: readonly DeviceRecord[];
}): ReactNode {
  const { t, i18n } = useTranslation('waybills');
  const lang = toLanguage(i18n.language);
  const add = useWaybillDevices('addDevs');
  const del = useWaybillDevices('delDevInTask');
  const [adding, setAdding] = useState(false);
  const [picked, setPicked] = useState('');
  const editable = waybill.status !== 'completed';

  const remove = (d: DeviceRecord): void => {
    feedback().modal.confirm({
      title: t('devices.removeTitle'),
      content: d.alias || d.name,
      okButtonProps: { danger: true },
      okText: t('actions.delete'),
      cancelText: t('actions.cancel'),
      onOk: () =>
        del.mutateAsync({ id: waybill.id, deviceIds: [d.id] }).then(
          () => feedback().message.success(t('devices.removed')),
          (e: unknown) => feedback().message.error(errorText(e)),
        ),
    });
  };
  const submitAdd = async (): Promise<void> => {
    const ids = picked.split(',').filter(Boolean);
    if (!ids.length) return;
    try {
      await add.mutateAsync({ id: waybill.id, deviceIds: ids });
      feedback().message.success(t('devices.added'));
      setAdding(false);
      setPicked('');
    } catch (e) {
      feedback().message.error(errorText(e));
    }
  };

  return (
    <div data-testid="waybill-devices">
      {editable && (
        <Authorized action={WAYBILL_PERMS.edit}>
          <Button
            size="small"
            style={{ marginBottom: 8 }}
            onClick={() => setAdding(true)}
            data-testid="waybill-add-devices"
          >
            {t('devices.add')}
          </Button>
        </Authorized>
      )}
      <Table<DeviceRecord>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={[...devices]}
        columns={[
          { title: t('devices.name'), key: 'name', render: (_: unknown, d) => d.alias || d.name },
          {
            title: t('devices.status'),
            dataIndex: 'status',
            key: 'status',
            render: (v: 'online' | 'offline') => <StatusTag status={v} />,
          },
          {
            title: t('devices.lastReport'),
            dataIndex: 'lastReportTime',
            key: 'last',
            responsive: ['md'],
            render: (v: number | null) => formatReportTime(v),
          },
          {
            title: t('devices.values'),
            key: 'values',
            responsive: ['md'],
            render: (_: unknown, d) => <ParameterValues values={d.values} lang={lang} />,
          },
          {
            title: t('fields.actions'),
            key: 'actions',
            width: 80,
            render: (_: unknown, d) =>
              editable && devices.length > 1 ? (
                <Authorized action={WAYBILL_PERMS.edit}>
                  <Button type="link" size="small" danger onClick={() => remove(d)}>
                    {t('actions.delete')}
                  </Button>
                </Authorized>
              ) : null,
          },
        ]}
      />
      <Modal
        open={adding}
        title={t('devices.add')}
        onCancel={() => setAdding(false)}
        onOk={() => void submitAdd()}
        confirmLoading={add.isPending}
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <DevicePickerField value={picked} onChange={setPicked} />
        </Space>
      </Modal>
    </div>
  );
}
