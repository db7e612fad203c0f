import type { ReactNode } from 'react';
import { Col, Form, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { severityOptions } from './SeverityTag';

/** Props of {@link RuleTimingFields}. */
export interface RuleTimingFieldsProps {
  /** Prefix of the fields (`[]` for templates, `['rule']` for scenes). */
  prefix: (string | number)[];
  /** Show the severity select here (scenes show it with the raise action). */
  severity?: boolean;
}

/**
 * Severity, alarm delay (minutes the condition must hold before raising) and repeat reminder
 * (every N minutes until processed, escalating after M minutes) of a rule.
 */
export function RuleTimingFields({ prefix, severity = true }: RuleTimingFieldsProps): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const form = Form.useFormInstance();
  const reminderOn = Form.useWatch([...prefix, 'reminder', 'on'], { form, preserve: true }) as boolean | undefined;
  const minutes = { style: { width: '100%' }, min: 0, precision: 0, suffix: t('units.minutes') };
  return (
    <Row gutter={12}>
      {severity && (
        <Col xs={24} sm={12} md={6}>
          <Form.Item name={[...prefix, 'severity']} label={t('fields.severity')}>
            <Select options={severityOptions(t)} data-testid="severity" />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} sm={12} md={6}>
        <Form.Item name={[...prefix, 'delayMinutes']} label={t('fields.delay')} tooltip={t('fields.delayHint')}>
          <InputNumber {...minutes} data-testid="delay-minutes" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} md={4}>
        <Form.Item name={[...prefix, 'reminder', 'on']} label={t('fields.reminder')} valuePropName="checked">
          <Switch data-testid="reminder-on" />
        </Form.Item>
      </Col>
      {reminderOn && (
        <>
          <Col xs={24} sm={12} md={4}>
            <Form.Item name={[...prefix, 'reminder', 'everyMinutes']} label={t('fields.reminderEvery')}>
              <InputNumber {...minutes} min={1} data-testid="reminder-every" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={4}>
            <Form.Item name={[...prefix, 'reminder', 'escalateAfterMinutes']} label={t('fields.escalateAfter')}>
              <InputNumber {...minutes} min={1} data-testid="reminder-escalate" />
            </Form.Item>
          </Col>
        </>
      )}
    </Row>
  );
}
