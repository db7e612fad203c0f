import { useEffect, useMemo, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Radio,
  Skeleton,
  Space,
  Switch,
  TimePicker,
  Typography,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  REPORT_PERIOD_FIELDS,
  deviceSettingsFor,
  type DeviceDetail,
  type PeriodField,
  type ShutdownField,
} from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { isApiError } from '../../platform/http/ApiError';
import { toLanguage } from '../../platform/i18n/i18n';
import { useDeviceDetail, useUpdateDevice } from './api';
import { WORK_STATUS_VALUES } from './deviceEnums';
import { periodFieldsOf, periodRule, serverFieldErrors } from './periodForm';

/** Values of the edit form (periods in minutes; work windows as time pairs). */
interface EditValues extends Partial<Record<PeriodField, number | null>>, Partial<Record<ShutdownField, boolean>> {
  name: string;
  alias?: string;
  workStatus: DeviceDetail['workStatus'];
  international?: boolean;
  windows?: ([Dayjs, Dayjs] | null)[];
}

function initialValues(device: DeviceDetail): EditValues {
  return {
    name: device.name,
    alias: device.alias ?? '',
    workStatus: device.workStatus,
    windows: device.workWindows.map((w) => [dayjs(w.start, 'HH:mm'), dayjs(w.end, 'HH:mm')]),
    ...device.periods,
  };
}

/**
 * Device edit (`device/DeviceEdit`, /device/edit/:id): name, alias, work status and daily windows,
 * and only the period fields of the device's model, validated with the contracts'
 * `validateDevicePeriods` (SPEC §5); the server's field errors are shown on their fields.
 */
export function DeviceEditPage(): ReactNode {
  const { t, i18n } = useTranslation('devices');
  const lang = toLanguage(i18n.language);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useDeviceDetail(id);
  const update = useUpdateDevice();
  const [form] = Form.useForm<EditValues>();
  const model = detail.data?.model ?? '';
  const fields = useMemo(() => periodFieldsOf(model), [model]);
  const shutdownFields = deviceSettingsFor(model)?.shutdown ?? [];
  const hasReportPeriods = fields.some((f) => REPORT_PERIOD_FIELDS.includes(f.field));

  useEffect(() => {
    if (detail.data) form.setFieldsValue(initialValues(detail.data));
  }, [detail.data, form]);

  if (detail.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (detail.isError || !detail.data)
    return (
      <Card>
        <Alert type="error" showIcon title={t('detail.notFound')} />
      </Card>
    );
  const device = detail.data;

  const save = async (values: EditValues): Promise<void> => {
    const periods = Object.fromEntries(
      fields.filter((f) => f.limit.editable).map((f) => [f.field, values[f.field] ?? undefined]),
    );
    const shutdown = Object.fromEntries(shutdownFields.map((f) => [f, values[f]]));
    try {
      await update.mutateAsync({
        id: device.id,
        name: values.name.trim(),
        alias: values.alias?.trim() ?? '',
        workStatus: values.workStatus,
        workWindows: (values.windows ?? []).flatMap((w) =>
          w ? [{ start: w[0].format('HH:mm'), end: w[1].format('HH:mm') }] : [],
        ),
        international: hasReportPeriods ? (values.international ?? false) : undefined,
        ...periods,
        ...shutdown,
      });
      feedback().message.success(t('edit.saved'));
      void navigate(`/device/detail/${encodeURIComponent(device.id)}`);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.errors.length > 0)
        form.setFields(
          serverFieldErrors(error.errors, model, t).map((f) => ({
            name: f.name as keyof EditValues,
            errors: f.errors,
          })),
        );
      else if (!error.notified) feedback().message.error(error.message);
    }
  };

  return (
    <Card title={t('edit.title', { name: device.alias || device.name })} data-testid="device-edit">
      <Typography.Paragraph type="secondary">
        {t('edit.modelHint', {
          model: device.model,
          family: (lang === 'en-US' ? deviceSettingsFor(model)?.nameEn : deviceSettingsFor(model)?.nameZh) ?? '',
        })}
      </Typography.Paragraph>
      <Form<EditValues> form={form} layout="vertical" onFinish={(v) => void save(v)} style={{ maxWidth: 640 }}>
        <Form.Item
          name="name"
          label={t('list.columns.name')}
          rules={[
            { required: true, whitespace: true, message: t('edit.nameRequired') },
            { max: 50, message: t('alias.tooLong') },
          ]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="alias" label={t('info.alias')} rules={[{ max: 50, message: t('alias.tooLong') }]}>
          <Input maxLength={50} allowClear />
        </Form.Item>
        <Form.Item name="workStatus" label={t('info.workStatus')}>
          <Radio.Group
            options={WORK_STATUS_VALUES.map((s) => ({ value: s, label: t(`workStatus.${s}`) }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item label={t('info.workWindows')} extra={t('edit.windowsHint')}>
          <Form.List name="windows">
            {(items, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {items.map((item) => (
                  <Space key={item.key} align="baseline">
                    <Form.Item name={item.name} noStyle rules={[{ required: true, message: t('edit.windowRequired') }]}>
                      <TimePicker.RangePicker format="HH:mm" order={false} />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(item.name)} aria-label={t('edit.removeWindow')} />
                  </Space>
                ))}
                {items.length < 8 && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                    {t('edit.addWindow')}
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
        </Form.Item>
        {hasReportPeriods && (
          <Form.Item
            name="international"
            label={t('edit.international')}
            valuePropName="checked"
            extra={t('edit.internationalHint')}
          >
            <Switch />
          </Form.Item>
        )}
        {fields.length === 0 && <Alert type="info" showIcon title={t('edit.noPeriods')} style={{ marginBottom: 16 }} />}
        {fields.map(({ field, limit }) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`periods.${field}`)}
            dependencies={['international']}
            extra={
              limit.editable
                ? t('edit.rangeHint', { min: limit.min, max: limit.max })
                : t('edit.errors.periodNotEditable')
            }
            rules={
              limit.editable ? [periodRule(model, field, t, () => form.getFieldValue('international') === true)] : []
            }
          >
            <InputNumber
              disabled={!limit.editable}
              style={{ width: 220 }}
              addonAfter={t('edit.minutesUnit')}
              data-testid={`period-${field}`}
            />
          </Form.Item>
        ))}
        {shutdownFields.map((f) => (
          <Form.Item key={f} name={f} label={t(`shutdown.${f}`)} valuePropName="checked">
            <Switch />
          </Form.Item>
        ))}
        <Space>
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="device-edit-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => void navigate(-1)}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
