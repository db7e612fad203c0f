import { useState, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATTERNS, UserRoutes } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { patternRule } from '../../../platform/forms/formRules';
import { callApi } from '../../../platform/http/callApi';
import { showServerFieldErrors } from '../formErrors';
import { confirmRule } from './userRules';

/** An administrator sets another user's password (SPEC §7 user changePassword, §5 strength). */
export function ResetPasswordModal({ username, onClose }: { username: string; onClose: () => void }): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [form] = Form.useForm<{ password: string; confirmpassword: string }>();
  const [saving, setSaving] = useState(false);
  const save = async (): Promise<void> => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await callApi(UserRoutes.changePassword, {
        body: { username, password: v.password, confirmpassword: v.confirmpassword },
      });
      feedback().message.success(t('list:operateSuccess'));
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
      title={t('user.resetPassword')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item label={t('user.username')}>
          <Input value={username} disabled />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('user.newPassword')}
          rules={[
            { required: true, message: t('common:validation.required') },
            patternRule(PATTERNS.password, 'validation.password', t),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          required
          label={t('user.confirmPassword')}
          dependencies={['password']}
          rules={[confirmRule(t)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
