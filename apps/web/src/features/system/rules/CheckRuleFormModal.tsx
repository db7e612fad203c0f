import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Col, Form, Input, Modal, Row, Space, Typography } from 'antd';
import {
  CHECK_RULE_ROWS_MAX,
  CHECK_VALUE_MAX,
  isValidRulePattern,
  CheckRuleRoutes,
  type CheckRuleRecord,
} from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { useFormModalSave } from '../../../platform/forms/useFormModalSave';
import { callApi } from '../../../platform/http/callApi';
import {
  EditableTable,
  EditableTableErrors,
  type EditableTableHandle,
} from '../../../platform/widgets/editable/EditableTable';
import type { EditableColumn } from '../../../platform/widgets/editable/types';
import { initialCheckRuleValues, validateCheckRule, type CheckRuleFormValues } from './rulesForm';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } as const;

/** Tests a value against the saved rule `ruleCode` with the forms' check call (SPEC §7; the value is URL-encoded by the client). */
function RuleTester({ ruleCode }: { ruleCode: string | null }): ReactNode {
  const { t } = useTranslation('rules');
  const [value, setValue] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!ruleCode) return <Typography.Text type="secondary">{t('check.test.saveFirst')}</Typography.Text>;
  const run = async (): Promise<void> => {
    setBusy(true);
    try {
      await callApi(CheckRuleRoutes.checkByCode, { query: { ruleCode, value }, silent: true });
      setOutcome({ ok: true, text: t('check.test.passed') });
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="checkrule-tester">
      <Typography.Text strong>{t('check.test.title')}</Typography.Text>{' '}
      <Typography.Text type="secondary">({t('check.test.savedOnly')})</Typography.Text>
      <Space.Compact style={{ width: '100%', marginTop: 4 }}>
        <Input
          value={value}
          maxLength={CHECK_VALUE_MAX}
          placeholder={t('check.test.placeholder')}
          onChange={(e) => {
            setValue(e.target.value);
            setOutcome(null);
          }}
          onPressEnter={() => void run()}
          data-testid="checkrule-test-value"
        />
        <Button type="primary" loading={busy} onClick={() => void run()} data-testid="checkrule-test-run">
          {t('check.test.run')}
        </Button>
      </Space.Compact>
      {outcome && (
        <Alert
          style={{ marginTop: 8 }}
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          message={outcome.text}
          data-testid="checkrule-test-outcome"
        />
      )}
    </div>
  );
}

/**
 * Add / edit dialog of a check rule: code, name, description and the rows {digits, pattern,
 * message} as an editable list (checked with the contract, which refuses patterns that do not
 * compile); server field errors (a taken code) show beside their fields. Editing a saved rule
 * offers a box to test a value against it.
 */
export function CheckRuleFormModal({
  rule,
  onClose,
  onSaved,
}: {
  rule?: CheckRuleRecord;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const { t } = useTranslation(['rules', 'list', 'common', 'widgets']);
  const [form] = Form.useForm<CheckRuleFormValues>();
  const required = { required: true, message: t('common:validation.required') };
  const rowsRef = useRef<EditableTableHandle>(null);
  const columns: EditableColumn[] = [
    {
      key: 'digits',
      title: t('check.fields.digits'),
      type: 'input',
      width: 90,
      placeholder: t('check.hints.digits'),
      testId: 'checkrule-digits',
      props: { maxLength: 3 },
      validateRules: [
        { required: true },
        { pattern: /^\s*(\*|[1-9]\d{0,2})\s*$/, message: t('common:validation.checkRuleDigits') },
      ],
    },
    {
      key: 'pattern',
      title: t('check.fields.pattern'),
      type: 'input',
      width: 240,
      testId: 'checkrule-pattern',
      props: { maxLength: 500, spellCheck: false, style: MONO },
      validateRules: [
        { required: true },
        { handler: (v) => (isValidRulePattern(String(v)) ? undefined : t('common:validation.checkRulePattern')) },
      ],
    },
    {
      key: 'message',
      title: t('check.fields.message'),
      type: 'input',
      width: 200,
      testId: 'checkrule-message',
      props: { maxLength: 200 },
      validateRules: [{ required: true }],
    },
  ];
  const { saving, save } = useFormModalSave({
    form,
    t,
    onSaved,
    onClose,
    check: (values) => validateCheckRule(values, t),
    send: (body) =>
      rule ? callApi(CheckRuleRoutes.edit, { body: { ...body, id: rule.id } }) : callApi(CheckRuleRoutes.add, { body }),
  });
  return (
    <Modal
      open
      title={rule ? t('check.edit') : t('check.add')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
      width={760}
    >
      <Form<CheckRuleFormValues>
        form={form}
        name="checkRule"
        layout="vertical"
        initialValues={initialCheckRuleValues(rule)}
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="ruleCode" label={t('check.fields.ruleCode')} rules={[required]}>
              <Input maxLength={64} data-testid="checkrule-code" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="ruleName" label={t('check.fields.ruleName')} rules={[required]}>
              <Input maxLength={64} data-testid="checkrule-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="ruleJson"
          label={t('check.fields.ruleJson')}
          extra={t('check.hints.rows')}
          required
          rules={[
            {
              validator: async () => {
                await rowsRef.current?.getValues().catch((e: unknown) => {
                  throw new Error(e instanceof EditableTableErrors ? t('check.rowsInvalid') : String(e));
                });
              },
            },
          ]}
        >
          <EditableTable
            ref={rowsRef}
            columns={columns}
            dragSort
            dragSortKey={null}
            minRows={1}
            maxRows={CHECK_RULE_ROWS_MAX}
            testId="checkrule-rows"
          />
        </Form.Item>
        <Form.Item name="ruleDescription" label={t('check.fields.ruleDescription')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
        </Form.Item>
      </Form>
      <RuleTester ruleCode={rule?.ruleCode ?? null} />
    </Modal>
  );
}
