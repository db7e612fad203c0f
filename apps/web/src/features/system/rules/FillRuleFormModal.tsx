import type { ReactNode } from 'react';
import { Col, Form, Input, InputNumber, Modal, Row, Select, Typography } from 'antd';
import {
  FILL_DATE_FORMATS,
  FILL_RULE_DEFAULTS,
  FILL_RULE_GENERATORS,
  FillRuleRoutes,
  type FillRuleGenerator,
  type FillRuleParams,
  type FillRuleRecord,
} from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { useFormModalSave } from '../../../platform/forms/useFormModalSave';
import { callApi } from '../../../platform/http/callApi';
import { initialFillRuleValues, previewNumber, validateFillRule, type FillRuleFormValues } from './rulesForm';

/**
 * Add / edit dialog of a fill rule: code, name, one of the product's generators (choosing one
 * fills in its usual parameters) and the parameters prefix, date format and sequence digits, with
 * a preview of the first number of a day. Checked with the contract before sending; server field
 * errors (a taken code) show beside their fields.
 */
export function FillRuleFormModal({
  rule,
  onClose,
  onSaved,
}: {
  rule?: FillRuleRecord;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const { t } = useTranslation(['rules', 'list', 'common']);
  const [form] = Form.useForm<FillRuleFormValues>();
  const params = Form.useWatch('ruleParams', form) as FillRuleParams | undefined;
  const required = { required: true, message: t('common:validation.required') };
  const { saving, save } = useFormModalSave({
    form,
    t,
    onSaved,
    onClose,
    check: (values) => validateFillRule(values, t),
    send: (body) =>
      rule ? callApi(FillRuleRoutes.edit, { body: { ...body, id: rule.id } }) : callApi(FillRuleRoutes.add, { body }),
  });
  return (
    <Modal
      open
      title={rule ? t('fill.edit') : t('fill.add')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
      width={640}
    >
      <Form<FillRuleFormValues>
        form={form}
        name="fillRule"
        layout="vertical"
        initialValues={initialFillRuleValues(rule)}
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="ruleCode"
              label={t('fill.fields.ruleCode')}
              rules={[required]}
              extra={t('fill.hints.ruleCode')}
            >
              <Input maxLength={64} data-testid="fillrule-code" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="ruleName" label={t('fill.fields.ruleName')} rules={[required]}>
              <Input maxLength={64} data-testid="fillrule-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="generator" label={t('fill.fields.generator')} rules={[required]}>
          <Select<FillRuleGenerator>
            options={FILL_RULE_GENERATORS.map((g) => ({ value: g, label: t(`fill.generators.${g}`) }))}
            onChange={(g) => form.setFieldsValue({ ruleParams: { ...FILL_RULE_DEFAULTS[g] } })}
            data-testid="fillrule-generator"
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name={['ruleParams', 'prefix']} label={t('fill.fields.prefix')}>
              <Input maxLength={16} data-testid="fillrule-prefix" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name={['ruleParams', 'dateFormat']} label={t('fill.fields.dateFormat')} rules={[required]}>
              <Select options={FILL_DATE_FORMATS.map((f) => ({ value: f, label: t(`fill.dateFormats.${f}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={6}>
            <Form.Item
              name={['ruleParams', 'digits']}
              label={t('fill.fields.digits')}
              rules={[required]}
              tooltip={t('fill.hints.digits')}
            >
              <InputNumber min={1} max={10} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text type="secondary">
          {t('fill.fields.example')}:{' '}
          <Typography.Text code data-testid="fillrule-preview">
            {params ? previewNumber(params) : ''}
          </Typography.Text>{' '}
          · {t('fill.hints.sequence')}
        </Typography.Text>
      </Form>
    </Modal>
  );
}
