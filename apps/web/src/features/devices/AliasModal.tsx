import { useEffect, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRecord } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { useAliasDevice } from './api';

interface AliasModalProps {
  device: DeviceRecord | null;
  onClose: () => void;
}

/** Changes a device's alias (`device:alias`); at most 50 characters, empty clears it. */
export function AliasModal({ device, onClose }: AliasModalProps): ReactNode {
  const { t } = useTranslation('devices');
  const [form] = Form.useForm<{ alias: string }>();
  const mutation = useAliasDevice();

  useEffect(() => {
    if (device) form.setFieldsValue({ alias: device.alias ?? '' });
  }, [device, form]);

  const save = async (): Promise<void> => {
    if (!device) return;
    const { alias } = await form.validateFields();
    await mutation.mutateAsync({ id: device.id, alias: alias.trim() });
    feedback().message.success(t('alias.saved'));
    onClose();
  };

  return (
    <Modal
      open={device !== null}
      title={t('alias.title', { name: device?.name ?? '' })}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={mutation.isPending}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="alias" label={t('alias.label')} rules={[{ max: 50, message: t('alias.tooLong') }]}>
          <Input allowClear maxLength={50} data-testid="alias-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
