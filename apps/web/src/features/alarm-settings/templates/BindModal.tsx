import { useEffect, useMemo, type ReactNode } from 'react';
import { Alert, Form, Modal, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RuleTemplateRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { useBindTemplate, useDeviceGroupOptions, useTemplateBindings } from '../api';
import { DevicePickerField } from '../DevicePickerField';

interface BindValues {
  deviceIds: string;
  groupIds: string[];
}

/**
 * Binds a rule template to devices and device groups (importDevs, replaces its bindings), starting
 * from the current bindings. A device may carry several templates.
 */
export function BindModal({
  template,
  onClose,
}: {
  template: RuleTemplateRecord | null;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const [form] = Form.useForm<BindValues>();
  const bindings = useTemplateBindings(template?.id ?? null);
  const groups = useDeviceGroupOptions();
  const bind = useBindTemplate();
  const labels = useMemo(() => new Map((bindings.data?.devices ?? []).map((d) => [d.id, d.name])), [bindings.data]);

  useEffect(() => {
    if (bindings.data)
      form.setFieldsValue({
        deviceIds: bindings.data.devices.map((d) => d.id).join(','),
        groupIds: bindings.data.groups.map((g) => g.id),
      });
  }, [bindings.data, form]);

  const save = async (): Promise<void> => {
    if (!template) return;
    const v = form.getFieldsValue(true) as BindValues;
    await bind.mutateAsync({
      id: template.id,
      deviceIds: (v.deviceIds ?? '').split(',').filter(Boolean),
      groupIds: v.groupIds ?? [],
    });
    feedback().message.success(t('bind.saved'));
    onClose();
  };

  const groupOptions = [
    ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
    ...(bindings.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name })),
  ].filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i);

  return (
    <Modal
      open={template !== null}
      title={t('bind.title', { name: template?.name ?? '' })}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={bind.isPending}
      okButtonProps={{ disabled: bindings.isLoading || bindings.isError, 'data-testid': 'bind-save' } as never}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      destroyOnHidden
      width={720}
    >
      {bindings.isError && <Alert type="error" showIcon title={t('bind.loadError')} style={{ marginBottom: 12 }} />}
      <Spin spinning={bindings.isLoading}>
        <Form form={form} layout="vertical" data-testid="bind-form">
          <Form.Item name="deviceIds" label={t('bind.devices')} extra={t('bind.devicesHint')}>
            <DevicePickerField labels={labels} />
          </Form.Item>
          <Form.Item name="groupIds" label={t('bind.groups')}>
            <Select
              mode="multiple"
              allowClear
              options={groupOptions}
              loading={groups.isLoading}
              optionFilterProp="label"
              data-testid="bind-groups"
            />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
