import type { ReactNode } from 'react';
import { Button, Card, Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RuleConditionType } from '@ztj/contracts';
import { DOOR_PARAM, newCondition, type ConditionForm } from '../conditionModel';
import type { ParamDefault } from '../paramDefaults';
import { doorEffectOptions, flagEffectOptions, flagParamOptions, typeOptions } from './conditionOptions';
import { HysteresisFields } from './HysteresisFields';
import { MeasuredFields } from './MeasuredFields';
import { PositionFields } from './PositionFields';

/** Height of the type list, px: every condition type without scrolling (32 px an option). */
const TYPE_LIST_HEIGHT = 12 * 32 + 8;

/** Props of {@link ConditionRow}. */
export interface ConditionRowProps {
  listName: (string | number)[];
  /** Index of the condition in its Form.List. */
  index: number;
  defaults: readonly ParamDefault[];
  onRemove: () => void;
  disabled?: boolean;
}

function minutesItem(
  base: (string | number)[],
  name: string,
  label: string,
  unit: string,
  testId: string,
  extra?: { min?: number; precision?: number },
): ReactNode {
  return (
    <Col xs={24} sm={12} md={6}>
      <Form.Item name={[...base, name]} label={label}>
        <InputNumber
          style={{ width: '100%' }}
          suffix={unit}
          min={extra?.min}
          precision={extra?.precision}
          data-testid={`${testId}-${name}`}
        />
      </Form.Item>
    </Col>
  );
}

/**
 * One condition of the editor: its type (changing it starts the row over with that type's SPEC §9
 * defaults) and the inputs of that type; a duration wraps a threshold or range condition; a door/flag
 * condition picks its on/off parameter (door P026 by default).
 */
export function ConditionRow({ listName, index, defaults, onRemove, disabled }: ConditionRowProps): ReactNode {
  const { t, i18n } = useTranslation('alarmSettings');
  const form = Form.useFormInstance();
  const abs = [...listName, index];
  const flagParam = (Form.useWatch([...abs, 'param'], { form, preserve: true }) as string | undefined) ?? DOOR_PARAM;
  const type =
    (Form.useWatch([...abs, 'type'], { form, preserve: true }) as RuleConditionType | undefined) ?? 'threshold';
  const innerType =
    (Form.useWatch([...abs, 'condition', 'type'], { form, preserve: true }) as 'threshold' | 'range' | undefined) ??
    'threshold';
  const testId = `condition-${index}`;
  const suggestionOf = (code: string) => defaults.find((d) => d.code === code) ?? { low: null, high: null };
  const setType = (next: RuleConditionType): void => form.setFieldValue(abs, newCondition(next, suggestionOf('P003')));
  const setInnerType = (next: 'threshold' | 'range'): void =>
    form.setFieldValue([...abs, 'condition'], newCondition(next, suggestionOf('P003')) as ConditionForm);
  const base = [index];

  let body: ReactNode;
  switch (type) {
    case 'threshold':
    case 'range':
      body = <MeasuredFields listName={listName} base={base} kind={type} defaults={defaults} testId={testId} />;
      break;
    case 'duration':
      body = (
        <>
          {minutesItem(base, 'minutes', t('editor.durationMinutes'), t('units.minutes'), testId, {
            min: 1,
            precision: 0,
          })}
          <Col xs={24} sm={12} md={6}>
            <Form.Item label={t('editor.innerType')}>
              <Select
                value={innerType}
                onChange={setInnerType}
                options={typeOptions(t).filter((o) => o.value === 'threshold' || o.value === 'range')}
                data-testid={`${testId}-inner-type`}
              />
            </Form.Item>
          </Col>
          <MeasuredFields
            listName={listName}
            base={[index, 'condition']}
            kind={innerType}
            defaults={defaults}
            testId={`${testId}-inner`}
          />
        </>
      );
      break;
    case 'door':
      body = (
        <>
          <Col xs={24} sm={12} md={6}>
            <Form.Item name={[...base, 'param']} label={t('editor.flagParam')}>
              <Select
                options={flagParamOptions(i18n.language)}
                data-testid={`${testId}-flag-param`}
                popupMatchSelectWidth={false}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item
              name={[...base, 'effect']}
              label={flagParam === DOOR_PARAM ? t('editor.doorEffect') : t('editor.flagEffect')}
            >
              <Select
                options={flagParam === DOOR_PARAM ? doorEffectOptions(t) : flagEffectOptions(t)}
                data-testid={`${testId}-effect`}
              />
            </Form.Item>
          </Col>
          <HysteresisFields base={base} unit={null} />
        </>
      );
      break;
    case 'tilt':
      body = (
        <>
          {minutesItem(base, 'degrees', t('editor.degrees'), '°', testId)}
          <HysteresisFields base={base} unit="°" />
        </>
      );
      break;
    case 'freeFall':
      body = (
        <>
          {minutesItem(base, 'minHeightCm', t('editor.minHeight'), 'cm', testId)}
          {minutesItem(base, 'minVibrationG', t('editor.minVibration'), 'g', testId)}
        </>
      );
      break;
    case 'lowBattery':
      body = (
        <>
          {minutesItem(base, 'percent', t('editor.percent'), '%', testId)}
          <HysteresisFields base={base} unit="%" />
        </>
      );
      break;
    case 'offline':
      body = minutesItem(base, 'minutes', t('editor.offlineMinutes'), t('units.minutes'), testId, {
        min: 1,
        precision: 0,
      });
      break;
    case 'powerOff':
      body = (
        <Col xs={24}>
          <Typography.Text type="secondary">{t('editor.powerOffHint')}</Typography.Text>
        </Col>
      );
      break;
    case 'geofence':
    case 'routeDeviation':
    case 'dwell':
      body = <PositionFields base={base} kind={type} testId={testId} />;
      break;
  }

  return (
    <Card
      size="small"
      data-testid={testId}
      style={{ marginBottom: 12 }}
      title={
        <Select<RuleConditionType>
          value={type}
          onChange={setType}
          options={typeOptions(t) as { value: RuleConditionType; label: string }[]}
          style={{ minWidth: 140, maxWidth: '100%' }}
          // all twelve types at once (no scrolling inside the list); not virtual: every option is in the page
          listHeight={TYPE_LIST_HEIGHT}
          virtual={false}
          disabled={disabled}
          data-testid={`${testId}-type`}
        />
      }
      extra={
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={onRemove}
          disabled={disabled}
          aria-label={t('editor.remove')}
          data-testid={`${testId}-remove`}
        />
      }
    >
      <Row gutter={12}>{body}</Row>
    </Card>
  );
}
