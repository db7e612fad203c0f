import { useEffect, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EQUIPMENT_PERMS, TARIFF_NAMES, type MeterConfig, type MeterConfigBody } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { clearFieldErrors, reportSaveError } from '../../platform/forms/formIssues';
import { usePermission } from '../../platform/permissions/usePermission';
import { formatReportTime } from '../devices/parameterFormat';
import { useEquipmentRecord, useMeterConfig, useSaveMeterConfig } from './api';
import { EquipmentHeader } from './EquipmentHeader';

/** The form's values: the config body without the id. */
type ConfigForm = Omit<MeterConfigBody, 'id'>;

function toForm(c: MeterConfig): ConfigForm {
  return { ctRatio: c.ctRatio, ptRatio: c.ptRatio, counterMax: c.counterMax, tariffs: c.tariffs, limits: c.limits };
}

/**
 * Ammeter configuration (`warehouse/AmmeterConfig`, /warehouse/ammeter/config/:id): CT and PT
 * ratios (they multiply energy and power), counter rollover (kWh), time-of-use tariff periods
 * (HH:mm, yuan/kWh; covering the day without overlap) and limits (kW, V). The server validates;
 * its field errors show beside their fields in the interface language. Saving needs `ammeter:config`.
 */
export function AmmeterConfigPage(): ReactNode {
  const { t } = useTranslation(['equipment', 'common']);
  const { id = '' } = useParams();
  const { can } = usePermission();
  const record = useEquipmentRecord(id);
  const config = useMeterConfig(id);
  const save = useSaveMeterConfig();
  const [form] = Form.useForm<ConfigForm>();
  const editable = can(EQUIPMENT_PERMS.config);

  useEffect(() => {
    if (config.data) form.setFieldsValue(toForm(config.data));
  }, [config.data, form]);

  const onFinish = async (values: ConfigForm): Promise<void> => {
    clearFieldErrors(form);
    try {
      await save.mutateAsync({ ...values, id, tariffs: values.tariffs ?? [] });
      feedback().message.success(t('ammeter.config.saved'));
    } catch (error) {
      reportSaveError(form, error, t);
    }
  };

  const required = [{ required: true, message: t('ammeter.config.required') }];
  return (
    <Card data-testid="ammeter-config-page">
      <EquipmentHeader title={t('ammeter.config.title')} record={record.data} back="/warehouse/ammeter" />
      {config.isLoading && <Skeleton active />}
      {config.isError && (
        <Alert type="error" showIcon title={t('common.notFound')} description={config.error.message} />
      )}
      {config.data && (
        <Form<ConfigForm>
          form={form}
          layout="vertical"
          disabled={!editable}
          onFinish={(v) => void onFinish(v)}
          style={{ maxWidth: 880 }}
          data-testid="ammeter-config-form"
        >
          <Typography.Text type="secondary">
            {config.data.updateTime === null
              ? t('ammeter.config.neverSaved')
              : t('ammeter.config.updated', { time: formatReportTime(config.data.updateTime) })}
          </Typography.Text>
          <Divider titlePlacement="start">{t('ammeter.config.ratios')}</Divider>
          <Row gutter={16}>
            <Col xs={24} sm={8}>
              <Form.Item
                name="ctRatio"
                label={t('ammeter.config.ctRatio')}
                extra={t('ammeter.config.ctHelp')}
                rules={required}
              >
                <InputNumber min={1} max={10000} style={{ width: '100%' }} data-testid="ct-ratio" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item
                name="ptRatio"
                label={t('ammeter.config.ptRatio')}
                extra={t('ammeter.config.ptHelp')}
                rules={required}
              >
                <InputNumber min={1} max={10000} style={{ width: '100%' }} data-testid="pt-ratio" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="counterMax" label={t('ammeter.config.counterMax')} rules={required}>
                <InputNumber min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Divider titlePlacement="start">{t('ammeter.config.tariffs')}</Divider>
          <Typography.Paragraph type="secondary">{t('ammeter.config.tariffsHelp')}</Typography.Paragraph>
          <Form.List name="tariffs">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Row gutter={8} key={field.key} align="top" data-testid="tariff-row">
                    <Col xs={12} sm={5}>
                      <Form.Item name={[field.name, 'name']} label={t('ammeter.config.tariffName')} rules={required}>
                        <Select options={TARIFF_NAMES.map((n) => ({ value: n, label: t(`ammeter.tariff.${n}`) }))} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={5}>
                      <Form.Item name={[field.name, 'start']} label={t('ammeter.config.start')} rules={required}>
                        <Input placeholder="HH:mm" maxLength={5} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} sm={5}>
                      <Form.Item name={[field.name, 'end']} label={t('ammeter.config.end')} rules={required}>
                        <Input placeholder="HH:mm" maxLength={5} />
                      </Form.Item>
                    </Col>
                    <Col xs={9} sm={6}>
                      <Form.Item name={[field.name, 'price']} label={t('ammeter.config.price')} rules={required}>
                        <InputNumber min={0} max={100} step={0.01} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={3} sm={3}>
                      <Form.Item label=" ">
                        <Button
                          icon={<DeleteOutlined />}
                          danger
                          onClick={() => remove(field.name)}
                          aria-label={t('ammeter.config.removeTariff')}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ name: 'flat', start: '00:00', end: '24:00', price: 0.6 })}
                  disabled={fields.length >= 12 || !editable}
                >
                  {t('ammeter.config.addTariff')}
                </Button>
              </>
            )}
          </Form.List>
          <Divider titlePlacement="start">{t('ammeter.config.limits')}</Divider>
          <Row gutter={16}>
            <Col xs={24} sm={8}>
              <Form.Item name={['limits', 'maxPowerKW']} label={t('ammeter.config.maxPowerKW')}>
                <InputNumber min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8}>
              <Form.Item name={['limits', 'minVoltageV']} label={t('ammeter.config.minVoltageV')}>
                <InputNumber min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8}>
              <Form.Item name={['limits', 'maxVoltageV']} label={t('ammeter.config.maxVoltageV')}>
                <InputNumber min={0} style={{ width: '100%' }} data-testid="max-voltage" />
              </Form.Item>
            </Col>
          </Row>
          {editable && (
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="config-save">
                {t('ammeter.config.save')}
              </Button>
            </Space>
          )}
        </Form>
      )}
    </Card>
  );
}
