import type { ReactNode } from 'react';
import { Alert, Col, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PeriodField } from '@ztj/contracts';
import { periodFieldsOf } from '../../devices/periodForm';

/** A period field editable on every given model, with the limits all of them accept (minutes). */
export interface SharedPeriod {
  field: PeriodField;
  min: number;
  max: number;
}

/** Period fields editable on every model of `models`, limits intersected (empty when none or no model). */
export function sharedPeriods(models: readonly string[]): SharedPeriod[] {
  if (models.length === 0) return [];
  const [first, ...rest] = models.map((m) =>
    periodFieldsOf(m).flatMap(({ field, limit }) =>
      limit.editable ? [{ field, min: limit.min, max: limit.max }] : [],
    ),
  );
  return first.flatMap(({ field, min: min0, max: max0 }) => {
    let min = min0;
    let max = max0;
    for (const other of rest) {
      const o = other.find((f) => f.field === field);
      if (!o) return [];
      min = Math.max(min, o.min);
      max = Math.min(max, o.max);
    }
    return min <= max ? [{ field, min, max }] : [];
  });
}

/**
 * The device command of a scene (step 3): the period form of the device edit page over the periods
 * every selected device's model can take, each within the limits of all of them (SPEC §5).
 */
export function ScenePeriodFields({ models }: { models: readonly string[] }): ReactNode {
  const { t } = useTranslation(['alarmSettings', 'devices']);
  const fields = sharedPeriods(models);
  if (fields.length === 0)
    return (
      <Alert type="info" showIcon title={models.length === 0 ? t('scenes.noPeriods') : t('scenes.noSharedPeriods')} />
    );
  return (
    <Row gutter={12}>
      {fields.map(({ field, min, max }) => (
        <Col key={field} xs={24} sm={12} md={8}>
          <Form.Item
            name={['actions', 'command', 'periods', field]}
            label={t(`devices:periods.${field}`)}
            extra={t('devices:edit.rangeHint', { min, max })}
          >
            <InputNumber
              style={{ width: '100%' }}
              precision={0}
              suffix={t('units.minutes')}
              data-testid={`scene-period-${field}`}
            />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
