import type { ReactNode } from 'react';
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEXT_OPERATORS, type OperatorValue, type TextOperator } from './textOperators';

interface OperatorInputProps {
  value?: OperatorValue;
  onChange?: (value: OperatorValue) => void;
  placeholder?: string;
  /** Operator chosen when the field is empty; `like` by default. */
  defaultOperator?: TextOperator;
  id?: string;
}

/**
 * Text input with a query-operator prefix select (SPEC §2 widgets, §5 text operator prefixes):
 * the value is `{operator, text}`; `formToQuery` puts the prefix on the wire.
 */
export function OperatorInput({
  value,
  onChange,
  placeholder,
  defaultOperator = 'like',
  id,
}: OperatorInputProps): ReactNode {
  const { t } = useTranslation('list');
  const current: OperatorValue = value ?? { operator: defaultOperator, text: '' };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select<TextOperator>
        aria-label={t('operator.label')}
        style={{ width: 92 }}
        value={current.operator}
        onChange={(operator) => onChange?.({ ...current, operator })}
        options={TEXT_OPERATORS.map((op) => ({ value: op, label: t(`operator.${op}`) }))}
        popupMatchSelectWidth={false}
      />
      <Input
        id={id}
        allowClear
        placeholder={placeholder}
        value={current.text}
        onChange={(e) => onChange?.({ ...current, text: e.target.value })}
      />
    </Space.Compact>
  );
}
