import type { ReactNode } from 'react';
import { Col, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

/** Props of {@link HysteresisFields}. */
export interface HysteresisFieldsProps {
  /** Name of the condition inside its Form.List item (`[index]` or `[index, 'condition']`). */
  base: (string | number)[];
  /** Unit of the margin ('' hides the margin: effects without a measured value). */
  unit: string | null;
  /** Label and tooltip of the margin (default: the parameter-unit wording). */
  marginLabel?: string;
  marginHint?: string;
}

/** Per-condition clear rule (clear margin in the parameter's unit, clear delay in minutes). */
export function HysteresisFields({ base, unit, marginLabel, marginHint }: HysteresisFieldsProps): ReactNode {
  const { t } = useTranslation('alarmSettings');
  return (
    <>
      {unit !== null && (
        <Col xs={24} sm={12} md={6}>
          <Form.Item
            name={[...base, 'hysteresis', 'margin']}
            label={marginLabel ?? t('editor.margin')}
            tooltip={marginHint ?? t('editor.marginHint')}
          >
            <InputNumber min={0} style={{ width: '100%' }} suffix={unit || undefined} />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} sm={12} md={6}>
        <Form.Item
          name={[...base, 'hysteresis', 'clearDelayMinutes']}
          label={t('editor.clearDelay')}
          tooltip={t('editor.clearDelayHint')}
        >
          <InputNumber min={0} precision={0} style={{ width: '100%' }} suffix={t('units.minutes')} />
        </Form.Item>
      </Col>
    </>
  );
}
