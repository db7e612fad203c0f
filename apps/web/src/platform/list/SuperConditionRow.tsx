import type { ReactNode } from 'react';
import { Button, Col, DatePicker, Input, InputNumber, Row, Select } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, DATETIME_FORMAT } from './listQuery';
import {
  changeRule,
  SUPER_QUERY_RULES,
  type SuperCondition,
  type SuperQueryField,
  type SuperQueryRule,
} from './superQuery';

interface SuperConditionRowProps {
  condition: SuperCondition;
  fields: readonly SuperQueryField[];
  onChange: (next: SuperCondition) => void;
  onRemove: () => void;
}

function ValueInput({
  condition,
  field,
  onChange,
}: {
  condition: SuperCondition;
  field?: SuperQueryField;
  onChange: (val: SuperCondition['val']) => void;
}): ReactNode {
  const { t } = useTranslation('list');
  const placeholder = t('super.value');
  if (condition.rule === 'in') {
    const values = Array.isArray(condition.val) ? condition.val : condition.val ? [condition.val] : [];
    return (
      <Select
        mode="tags"
        style={{ width: '100%' }}
        placeholder={placeholder}
        value={values}
        options={field?.options}
        onChange={(v: string[]) => onChange(v)}
      />
    );
  }
  const single = Array.isArray(condition.val) ? condition.val[0] : condition.val;
  switch (field?.type) {
    case 'select':
      return (
        <Select
          allowClear
          style={{ width: '100%' }}
          placeholder={placeholder}
          value={single}
          options={field.options}
          onChange={(v: string | undefined) => onChange(v)}
        />
      );
    case 'number':
      return (
        <InputNumber
          style={{ width: '100%' }}
          placeholder={placeholder}
          value={single === undefined || single === '' ? null : Number(single)}
          onChange={(v) => onChange(v === null ? undefined : String(v))}
        />
      );
    case 'date':
    case 'datetime': {
      const format = field.type === 'date' ? DATE_FORMAT : DATETIME_FORMAT;
      return (
        <DatePicker
          style={{ width: '100%' }}
          showTime={field.type === 'datetime'}
          value={single ? dayjs(single) : null}
          onChange={(d) => onChange(d ? d.format(format) : undefined)}
        />
      );
    }
    default:
      return <Input allowClear placeholder={placeholder} value={single} onChange={(e) => onChange(e.target.value)} />;
  }
}

/** One condition of the advanced-query dialog: field, rule, value, remove. */
export function SuperConditionRow({ condition, fields, onChange, onRemove }: SuperConditionRowProps): ReactNode {
  const { t } = useTranslation('list');
  const field = fields.find((f) => f.field === condition.field);
  return (
    <Row gutter={8} style={{ marginBottom: 8 }} data-testid="super-row">
      <Col xs={24} sm={7}>
        <Select
          style={{ width: '100%' }}
          placeholder={t('super.field')}
          value={condition.field}
          options={fields.map((f) => ({ value: f.field, label: f.label }))}
          onChange={(name: string) => {
            const next = fields.find((f) => f.field === name);
            onChange({ field: name, rule: condition.rule ?? 'eq', type: next?.type ?? 'string', val: undefined });
          }}
        />
      </Col>
      <Col xs={24} sm={6}>
        <Select<SuperQueryRule>
          style={{ width: '100%' }}
          placeholder={t('super.rule')}
          value={condition.rule}
          options={SUPER_QUERY_RULES.map((r) => ({ value: r, label: t(`super.rules.${r}`) }))}
          onChange={(rule) => onChange(changeRule(condition, rule))}
        />
      </Col>
      <Col xs={20} sm={9}>
        <ValueInput condition={condition} field={field} onChange={(val) => onChange({ ...condition, val })} />
      </Col>
      <Col xs={4} sm={2}>
        <Button icon={<DeleteOutlined />} aria-label={t('super.remove')} onClick={onRemove} />
      </Col>
    </Row>
  );
}
