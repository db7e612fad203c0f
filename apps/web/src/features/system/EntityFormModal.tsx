import { useState, type ReactNode } from 'react';
import { DatePicker, Form, Input, InputNumber, Modal, Radio, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/feedback/feedback';
import { showServerFieldErrors } from './formErrors';

/** One field of a small entity form. */
export interface EntityField {
  name: string;
  label: string;
  kind?: 'text' | 'textarea' | 'number' | 'date' | 'radio' | 'switch';
  options?: { value: string | number; label: string }[];
  rules?: Rule[];
  required?: boolean;
  disabled?: boolean;
  max?: number;
  /** A control of its own (e.g. a shared picker) instead of one of the kinds. */
  control?: ReactNode;
  /** Help text under the field. */
  extra?: string;
}

/** Values of an entity form: dates come back as `YYYY-MM-DD` strings. */
export type EntityValues = Record<string, string | number | boolean | null | undefined>;

interface EntityFormModalProps {
  title: string;
  fields: readonly EntityField[];
  initial?: EntityValues;
  /** Saves; a thrown ApiError with field errors is shown beside the fields. */
  onSubmit: (values: EntityValues) => Promise<void>;
  onClose: () => void;
  width?: number;
}

function control(f: EntityField): ReactNode {
  if (f.control) return f.control;
  switch (f.kind) {
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={f.max} disabled={f.disabled} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} disabled={f.disabled} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} disabled={f.disabled} />;
    case 'radio':
      return <Radio.Group options={f.options} disabled={f.disabled} />;
    case 'switch':
      return <Switch disabled={f.disabled} />;
    default:
      return <Input maxLength={f.max} disabled={f.disabled} />;
  }
}

/** The add/edit dialog of the simpler system entities (positions, tenants, dictionaries, categories). */
export function EntityFormModal({ title, fields, initial, onSubmit, onClose, width }: EntityFormModalProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const start: Record<string, unknown> = { ...initial };
  for (const f of fields)
    if (f.kind === 'date' && typeof start[f.name] === 'string') start[f.name] = dayjs(String(start[f.name]));
  const save = async (): Promise<void> => {
    const raw = await form.validateFields();
    const values: EntityValues = {};
    for (const f of fields) {
      const v = raw[f.name];
      values[f.name] = dayjs.isDayjs(v) ? (v as Dayjs).format('YYYY-MM-DD') : (v as EntityValues[string]);
    }
    setSaving(true);
    try {
      await onSubmit(values);
      feedback().message.success(t('list:saveSuccess'));
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error, t);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} name="entity" layout="vertical" initialValues={start}>
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            extra={f.extra}
            valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
            rules={[
              ...(f.required ? [{ required: true, message: t('common:validation.required') }] : []),
              ...(f.rules ?? []),
            ]}
          >
            {control(f)}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

/** Text of a nullable form value, or null when empty. */
export function textOrNull(value: EntityValues[string]): string | null {
  return value === undefined || value === null || value === '' ? null : String(value);
}
