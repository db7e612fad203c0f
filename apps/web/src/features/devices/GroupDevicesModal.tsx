import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Modal, Spin, Transfer } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/feedback/feedback';
import { useDeviceList, useGroupDevices, useGroupMutations, type GroupRecord } from './api';

/** Devices offered for assignment (first page of the list). */
const PICKER_SIZE = 1000;

interface GroupDevicesModalProps {
  group: GroupRecord | null;
  onClose: () => void;
}

/** Assigns devices to a group with a searchable Transfer (left: all devices, right: the group's). */
export function GroupDevicesModal({ group, onClose }: GroupDevicesModalProps): ReactNode {
  const { t } = useTranslation('devices');
  const all = useDeviceList({ pageNo: 1, pageSize: PICKER_SIZE }, false);
  const current = useGroupDevices(group?.id ?? null, PICKER_SIZE);
  const { setDevices } = useGroupMutations();
  const [target, setTarget] = useState<string[]>([]);

  useEffect(() => {
    setTarget((current.data?.records ?? []).map((d) => d.id));
  }, [current.data]);

  const items = useMemo(() => {
    const byId = new Map([...(all.data?.records ?? []), ...(current.data?.records ?? [])].map((d) => [d.id, d]));
    return [...byId.values()].map((d) => ({
      key: d.id,
      title: `${d.alias || d.name} (${d.id})`,
      description: d.groupName && d.groupId !== group?.id ? t('groups.inOtherGroup', { name: d.groupName }) : '',
    }));
  }, [all.data, current.data, group, t]);

  const save = async (): Promise<void> => {
    if (!group) return;
    await setDevices.mutateAsync({ groupId: group.id, deviceIds: target });
    feedback().message.success(t('groups.devicesSaved'));
    onClose();
  };

  return (
    <Modal
      open={group !== null}
      width={760}
      title={t('groups.assignTitle', { name: group?.name ?? '' })}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={setDevices.isPending}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      {(all.data?.total ?? 0) > PICKER_SIZE && (
        <Alert type="info" title={t('groups.pickerLimit', { count: PICKER_SIZE })} />
      )}
      <Spin spinning={all.isLoading || current.isLoading}>
        <Transfer
          dataSource={items}
          targetKeys={target}
          onChange={(keys) => setTarget(keys.map(String))}
          render={(item) => item.title}
          showSearch
          filterOption={(input, item) => item.title.toLowerCase().includes(input.toLowerCase())}
          titles={[t('groups.allDevices'), t('groups.groupDevices')]}
          styles={{ section: { width: '100%', height: 360 } }}
          data-testid="group-transfer"
        />
      </Spin>
    </Modal>
  );
}
