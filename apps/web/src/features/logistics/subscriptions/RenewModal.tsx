import { useEffect, useMemo, type ReactNode } from 'react';
import { Alert, Descriptions, Form, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { renewalAmount, SUBSCRIBE_MONTHS_MAX, SUBSCRIBE_MONTHS_MIN, type SubscribeOrder } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { clearFieldErrors, reportSaveError } from '../../../platform/forms/formIssues';
import { useDeviceServices, useRenew } from './api';
import { formatAmount, formatSubscribeTime } from './subscriptionFormat';

interface FormValues {
  deviceIds: string[];
  months: number | null;
}

/**
 * Renewal dialog: devices of the tenant (each with its service end) and whole months; shows
 * devices × months × unit price before confirming and creates an UNPAID order. The server checks
 * everything; its field errors show beside the fields (foreign device, device already in an
 * unpaid order, months out of range).
 */
export function RenewModal({
  open,
  initial,
  onClose,
  onDone,
}: {
  open: boolean;
  initial?: string[];
  onClose: () => void;
  onDone?: (o: SubscribeOrder) => void;
}): ReactNode {
  const { t } = useTranslation('subscriptions');
  const [form] = Form.useForm<FormValues>();
  const services = useDeviceServices(open);
  const renew = useRenew();
  const deviceIds = Form.useWatch('deviceIds', form) ?? [];
  const months = Form.useWatch('months', form) ?? 0;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ deviceIds: initial ?? [], months: 12 });
  }, [open, initial, form]);

  const options = useMemo(
    () =>
      (services.data?.devices ?? []).map((d) => ({
        value: d.deviceId,
        disabled: Boolean(d.unpaidOrderNo),
        label: `${d.deviceName === d.deviceId ? d.deviceId : `${d.deviceName} (${d.deviceId})`} · ${
          d.unpaidOrderNo
            ? t('renew.pending', { orderNo: d.unpaidOrderNo })
            : d.serviceEnd === null
              ? t('service.none')
              : t(d.state === 'expired' ? 'renew.endedAt' : 'renew.endsAt', { time: formatSubscribeTime(d.serviceEnd) })
        }`,
      })),
    [services.data, t],
  );
  const unitPrice = services.data?.unitPrice ?? 0;
  const valid = Number.isInteger(months) && months >= SUBSCRIBE_MONTHS_MIN && months <= SUBSCRIBE_MONTHS_MAX;
  const amount = valid ? renewalAmount(deviceIds.length, months, unitPrice) : null;

  const submit = async (): Promise<void> => {
    clearFieldErrors(form);
    const v = form.getFieldsValue(true) as FormValues;
    try {
      const order = await renew.mutateAsync({ deviceIds: v.deviceIds ?? [], months: v.months ?? 0 });
      feedback().message.success(t('renew.done', { orderNo: order.orderNo }));
      onDone?.(order);
      onClose();
    } catch (error) {
      reportSaveError(form, error, t);
    }
  };

  return (
    <Modal
      open={open}
      title={t('renew.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={renew.isPending}
      okText={t('renew.submit')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ 'data-testid': 'renew-submit', disabled: !services.data } as never}
      destroyOnHidden
      width={600}
    >
      {services.isError ? (
        <Alert type="error" showIcon title={t('renew.loadError')} description={services.error.message} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          data-testid="renew-form"
          onValuesChange={(changed: Partial<FormValues>) =>
            form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof FormValues, errors: [] })))
          }
        >
          <Form.Item name="deviceIds" label={t('fields.devices')} required>
            <Select
              mode="multiple"
              loading={services.isLoading}
              options={options}
              optionFilterProp="label"
              placeholder={t('renew.devicesPlaceholder')}
              maxTagCount="responsive"
              labelRender={(p) => String(p.value)}
              data-testid="renew-devices"
            />
          </Form.Item>
          <Form.Item
            name="months"
            label={t('fields.months')}
            required
            extra={t('renew.monthsHint', { min: SUBSCRIBE_MONTHS_MIN, max: SUBSCRIBE_MONTHS_MAX })}
          >
            <InputNumber
              min={SUBSCRIBE_MONTHS_MIN}
              max={SUBSCRIBE_MONTHS_MAX}
              precision={0}
              style={{ width: '100%' }}
              data-testid="renew-months"
            />
          </Form.Item>
          <Descriptions size="small" column={1} bordered data-testid="renew-summary">
            <Descriptions.Item label={t('fields.unitPrice')}>
              {t('renew.unitPrice', { price: formatAmount(unitPrice) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.amount')}>
              <Typography.Text strong data-testid="renew-amount">
                {amount === null
                  ? '—'
                  : `${deviceIds.length} × ${months} × ${formatAmount(unitPrice)} = ${formatAmount(amount)}`}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('renew.payHint')}
          </Typography.Paragraph>
        </Form>
      )}
    </Modal>
  );
}
