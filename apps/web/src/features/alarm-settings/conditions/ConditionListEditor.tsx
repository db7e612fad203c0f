import type { ReactNode } from 'react';
import { Button, Form, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RULE_CONDITIONS_MAX } from '@ztj/contracts';
import { newCondition } from '../conditionModel';
import type { ParamDefault } from '../paramDefaults';
import { ConditionRow } from './ConditionRow';

/** Props of {@link ConditionListEditor}. */
export interface ConditionListEditorProps {
  /** Absolute form name of the list: `['conditions']` (templates) or `['rule', 'conditions']` (scenes). */
  name: (string | number)[];
  /** Parameters offered (paramDefaults: name, unit, range, suggested limits). */
  defaults: readonly ParamDefault[];
}

/**
 * THE condition editor of rule templates and scenes: a list of typed
 * conditions (1-20) with add/remove; each row shows the inputs of its type. The list's own error
 * (`validation.ruleNoConditions`) shows under it. Values follow the contract shape, so the
 * contract's issue paths are the form's field names.
 */
export function ConditionListEditor({ name, defaults }: ConditionListEditorProps): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const high = defaults.find((d) => d.code === 'P003') ?? { low: null, high: null };
  return (
    <Form.List name={name}>
      {(fields, { add, remove }, { errors }) => (
        <div data-testid="condition-editor">
          {fields.length === 0 && (
            <Typography.Paragraph type="secondary">{t('editor.noConditions')}</Typography.Paragraph>
          )}
          {fields.map((field) => (
            <ConditionRow
              key={field.key}
              listName={name}
              index={field.name}
              defaults={defaults}
              onRemove={() => remove(field.name)}
            />
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={fields.length >= RULE_CONDITIONS_MAX}
            onClick={() => add(newCondition('threshold', high))}
            data-testid="condition-add"
          >
            {t('editor.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
