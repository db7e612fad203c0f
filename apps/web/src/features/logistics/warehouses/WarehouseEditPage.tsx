import { useEffect, useState, type ReactNode } from 'react';
import {
  Button,
  Checkbox,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { WarehouseRecord } from '@ztj/contracts';
import { StepFormEditor, useStepForm } from '../../../platform/crud/StepFormEditor';
import { logisticsStepTexts, usePickedDevices } from '../stepEditorParts';
import { DevicePickerField } from '../../alarm-settings/DevicePickerField';
import { useSaveWarehouse, useTemplateOptions, useWarehouse, useWarehouseUsers } from './api';
import { commonPeriodLimits } from './periodLimits';
import {
  emptyWarehouseForm,
  stepOf,
  validateWarehouse,
  warehouseToForm,
  type WarehouseFormValues,
} from './warehouseForm';

/**
 * Warehouse add / edit (`warehouse/WarehouseCreate` at /warehouse/create, `warehouse/WarehouseEdit`
 * at /warehouse/edit/:id; SPEC §2 creation in three steps): 1 fill information and configure
 * devices (§3 fields, the acquisition period with the limits the picked devices accept), 2 set
 * monitoring rules (rule templates bound to its devices; saving happens here), 3 completed with
 * links to the warehouse view and the list. Field errors of the server (duplicate number, device
 * in another warehouse, period out of a model's limits) go back to their step.
 */
export function WarehouseEditPage(): ReactNode {
  const { t } = useTranslation(['warehouses', 'common']);
  const { id: rawId } = useParams();
  const id = rawId && rawId !== 'new' ? rawId : null;
  const navigate = useNavigate();
  const [form] = Form.useForm<WarehouseFormValues>();
  const [saved, setSaved] = useState<WarehouseRecord | null>(null);
  const detail = useWarehouse(id);
  const users = useWarehouseUsers();
  const templates = useTemplateOptions();
  const save = useSaveWarehouse();
  const { picked, labels: deviceLabels } = usePickedDevices(form, detail.data?.devices);
  const limits = commonPeriodLimits((picked.data ?? []).map((d) => d.model));

  useEffect(() => {
    form.setFieldsValue(detail.data ? warehouseToForm(detail.data) : emptyWarehouseForm());
  }, [detail.data, form]);

  const steps = useStepForm({
    form,
    t,
    stepOf,
    validate: (values: WarehouseFormValues) => validateWarehouse(values, t),
    send: (body) => save.mutateAsync({ ...body, id: id ?? undefined }),
    savedText: t('edit.saved'),
    onSaved: (record) => {
      setSaved(record);
      steps.setStep(2);
    },
  });
  const { step } = steps;

  return (
    <StepFormEditor<WarehouseFormValues>
      form={form}
      steps={steps}
      testId="warehouse"
      title={id ? t('edit.editTitle') : t('edit.addTitle')}
      stepTitles={[t('edit.step1'), t('edit.step2'), t('edit.step3')]}
      loading={!!id && detail.isLoading}
      loadError={id && detail.isError ? { title: t('detail.loadError'), message: detail.error.message } : null}
      saving={save.isPending}
      texts={logisticsStepTexts(t)}
      onLeave={() => void navigate('/warehouse/list')}
      panes={[
        <>
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('fields.name')} required>
                <Input maxLength={50} data-testid="warehouse-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="number" label={t('fields.number')} required>
                <Input maxLength={64} data-testid="warehouse-number" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="description" label={t('fields.description')}>
                <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="deviceIds" label={t('fields.devices')} required extra={t('edit.devicesHint')}>
                <DevicePickerField labels={deviceLabels} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="acquisitionPeriod"
                label={t('fields.acquisitionPeriod')}
                extra={
                  limits
                    ? limits.min <= limits.max
                      ? t('edit.periodLimits', limits)
                      : t('edit.periodNoCommon')
                    : t('edit.periodHint')
                }
              >
                <InputNumber
                  min={1}
                  max={1440}
                  precision={0}
                  style={{ width: '100%' }}
                  addonAfter={t('edit.min')}
                  data-testid="warehouse-period"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="monitorUserIds" label={t('fields.monitors')}>
                <Select
                  mode="multiple"
                  allowClear
                  optionFilterProp="label"
                  loading={users.isLoading}
                  data-testid="warehouse-monitors"
                  options={(users.data ?? []).map((u) => ({
                    value: u.id,
                    label: u.name === u.username ? u.name : `${u.name} (${u.username})`,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="note" label={t('fields.note')}>
                <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} />
              </Form.Item>
            </Col>
          </Row>
        </>,
        <>
          <Typography.Paragraph type="secondary">{t('edit.rulesHint')}</Typography.Paragraph>
          <Spin spinning={templates.isLoading}>
            <Form.Item name="templateIds" label={t('fields.templates')}>
              {templates.isError ? (
                <Typography.Text type="danger">{t('edit.templatesError')}</Typography.Text>
              ) : (templates.data ?? []).length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('edit.noTemplates')} />
              ) : (
                <Checkbox.Group
                  style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
                  data-testid="warehouse-templates"
                >
                  {(templates.data ?? []).map((x) => (
                    <Checkbox key={x.id} value={x.id}>
                      {x.name} {!x.enabled && <Tag>{t('edit.disabled')}</Tag>}
                    </Checkbox>
                  ))}
                </Checkbox.Group>
              )}
            </Form.Item>
          </Spin>
        </>,
      ]}
    >
      {step === 2 && saved && (
        <Result
          status="success"
          title={t('edit.doneTitle')}
          subTitle={t('edit.doneSub', { name: saved.name, count: saved.deviceCount })}
          data-testid="warehouse-done"
          extra={[
            <Button
              key="view"
              type="primary"
              onClick={() => void navigate(`/warehouse/detail/${encodeURIComponent(saved.id)}`)}
              data-testid="warehouse-done-view"
            >
              {t('actions.view')}
            </Button>,
            <Button key="list" onClick={() => void navigate('/warehouse/list')}>
              {t('edit.toList')}
            </Button>,
          ]}
        />
      )}
    </StepFormEditor>
  );
}
