import { useEffect, type ReactNode } from 'react';
import { Button, Col, Divider, Drawer, Form, Input, Row, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { RULE_CATEGORIES, type RuleTemplateRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { useParamDefaults, useSaveTemplate } from '../api';
import { ConditionListEditor } from '../conditions/ConditionListEditor';
import { clearFieldErrors, reportSaveError, showFieldErrors } from '../../../platform/forms/formIssues';
import { NotifyFields } from '../NotifyFields';
import { RuleTimingFields } from '../RuleTimingFields';
import { emptyTemplateForm, templateToForm, validateTemplate, type TemplateFormValues } from './templateForm';

/** Props of {@link TemplateFormDrawer}: the template to edit, 'new', or null (closed). */
export interface TemplateFormDrawerProps {
  template: RuleTemplateRecord | 'new' | null;
  onClose: () => void;
}

/**
 * Add / edit a rule template in a drawer: name, category, enabled, the condition
 * editor, severity, alarm delay, repeat reminder and notify. Checked with the contract schema
 * before sending; the server's field errors land on the same inputs.
 */
export function TemplateFormDrawer({ template, onClose }: TemplateFormDrawerProps): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const { isMobile } = useResponsive();
  const [form] = Form.useForm<TemplateFormValues>();
  const defaults = useParamDefaults();
  const save = useSaveTemplate();
  const open = template !== null;

  useEffect(() => {
    if (!template) return;
    form.resetFields();
    form.setFieldsValue(
      template === 'new' ? emptyTemplateForm(defaults.find((d) => d.code === 'P003')) : templateToForm(template),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when another template opens
  }, [template, form]);

  const submit = async (): Promise<void> => {
    clearFieldErrors(form);
    const checked = validateTemplate(form.getFieldsValue(true) as TemplateFormValues, t);
    if ('errors' in checked) {
      showFieldErrors(form, checked.errors);
      return;
    }
    try {
      await save.mutateAsync({ ...checked.body, id: template !== 'new' && template ? template.id : undefined });
      feedback().message.success(t('templates.saved'));
      onClose();
    } catch (error) {
      reportSaveError(form, error, t);
    }
  };

  return (
    <Drawer
      open={open}
      size={isMobile ? '100%' : 900}
      title={template === 'new' ? t('templates.addTitle') : t('templates.editTitle')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="template-save">
            {t('actions.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" data-testid="template-form" preserve>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('fields.name')} required>
              <Input maxLength={30} data-testid="template-name" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="category" label={t('fields.category')} required>
              <Select
                options={RULE_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
                data-testid="template-category"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('sections.conditions')}</Divider>
        <ConditionListEditor name={['conditions']} defaults={defaults} />
        <Divider titlePlacement="start">{t('sections.timing')}</Divider>
        <RuleTimingFields prefix={[]} />
        <Divider titlePlacement="start">{t('sections.notify')}</Divider>
        <NotifyFields prefix={['notify']} />
      </Form>
    </Drawer>
  );
}
