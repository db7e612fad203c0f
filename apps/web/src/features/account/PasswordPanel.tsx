import { useState, type ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuthRoutes, PATTERNS } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { patternRule } from '../../platform/forms/formRules';
import { callApi } from '../../platform/http/callApi';
import { useSessionStore } from '../../platform/session/sessionStore';
import { showServerFieldErrors } from '../system/formErrors';
import { confirmRule } from '../system/user/userRules';

interface PasswordValues {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** Password change (SPEC §5: old, new and confirmation required, new strong, confirmation equal). */
export function PasswordPanel(): ReactNode {
  const { t } = useTranslation(['account', 'system']);
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const username = useSessionStore((s) => s.userInfo?.username);
  const required = { required: true, message: t('common:validation.required') };
  const save = async (): Promise<void> => {
    const v = await form.validateFields();
    if (!username) {
      feedback().message.warning(t('account.noUser'));
      return;
    }
    setSaving(true);
    try {
      await callApi(AuthRoutes.updatePassword, { body: { username, ...v } });
      feedback().message.success(t('account.passwordChanged'));
      form.resetFields();
    } catch (error) {
      showServerFieldErrors(form, error, t);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<PasswordValues>
      form={form}
      name="password"
      layout="vertical"
      style={{ maxWidth: 480 }}
      data-testid="account-password"
    >
      <Form.Item name="oldpassword" label={t('account.oldPassword')} rules={[required]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('system:user.newPassword')}
        rules={[required, patternRule(PATTERNS.password, 'validation.password', t)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmpassword"
        required
        label={t('system:user.confirmPassword')}
        dependencies={['password']}
        rules={[confirmRule(t)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void save()}>
        {t('account.save')}
      </Button>
    </Form>
  );
}
