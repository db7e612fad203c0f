import type { ReactNode } from 'react';
import { Col, Form, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { paramUnit, type ParamDefault } from '../paramDefaults';
import { comparisonOptions, paramOptions, rangeEffectOptions } from './conditionOptions';
import { HysteresisFields } from './HysteresisFields';

/** Props of {@link MeasuredFields}. */
export interface MeasuredFieldsProps {
  /** Absolute name of the condition list (`['conditions']`, `['rule', 'conditions']`). */
  listName: (string | number)[];
  /** Relative name of the condition inside the list (`[index]` or `[index, 'condition']`). */
  base: (string | number)[];
  kind: 'threshold' | 'range';
  defaults: readonly ParamDefault[];
  testId: string;
}

/**
 * Inputs of a threshold (parameter, SPEC §9 comparison 0-4, value; "between" adds the upper value)
 * or a range (parameter, inside/outside, min and max), values with the parameter's unit as suffix,
 * and the clear rule. Stacks on phones (one input per line below 576 px).
 */
export function MeasuredFields({ listName, base, kind, defaults, testId }: MeasuredFieldsProps): ReactNode {
  const { t, i18n } = useTranslation('alarmSettings');
  const form = Form.useFormInstance();
  const abs = [...listName, ...base];
  const param = (Form.useWatch([...abs, 'param'], { form, preserve: true }) as string | undefined) ?? '';
  const comparison = Form.useWatch([...abs, 'comparison'], { form, preserve: true }) as number | undefined;
  const unit = paramUnit(param, defaults);
  const suffix = unit || undefined;
  const number = (name: string, label: string): ReactNode => (
    <Col xs={24} sm={12} md={6}>
      <Form.Item name={[...base, name]} label={label}>
        <InputNumber style={{ width: '100%' }} suffix={suffix} data-testid={`${testId}-${name}`} />
      </Form.Item>
    </Col>
  );
  return (
    <>
      <Col xs={24} sm={12} md={6}>
        <Form.Item name={[...base, 'param']} label={t('editor.param')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={paramOptions(defaults, i18n.language)}
            data-testid={`${testId}-param`}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
      </Col>
      {kind === 'threshold' ? (
        <>
          <Col xs={24} sm={12} md={6}>
            <Form.Item name={[...base, 'comparison']} label={t('editor.comparison')}>
              <Select options={comparisonOptions(t)} data-testid={`${testId}-comparison`} />
            </Form.Item>
          </Col>
          {number('value', comparison === 4 ? t('editor.from') : t('editor.value'))}
          {comparison === 4 && number('valueMax', t('editor.to'))}
        </>
      ) : (
        <>
          <Col xs={24} sm={12} md={6}>
            <Form.Item name={[...base, 'effect']} label={t('editor.rangeEffect')}>
              <Select options={rangeEffectOptions(t)} data-testid={`${testId}-effect`} />
            </Form.Item>
          </Col>
          {number('min', t('editor.min'))}
          {number('max', t('editor.max'))}
        </>
      )}
      <HysteresisFields base={base} unit={unit} />
    </>
  );
}
