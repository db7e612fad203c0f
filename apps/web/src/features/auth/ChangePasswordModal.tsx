import { useState, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuthRoutes, PATTERNS, type ChangePassword } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { applyServerFieldErrors, patternRule } from '../../platform/forms/formRules';
import { isApiError } from '../../platform/http/ApiError';
import { callApi } from '../../platform/http/callApi';
import { useSessionStore } from '../../platform/session/sessionStore';

type PasswordForm = Omit<ChangePassword, 'username'>;

interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Change-password dialog (SPEC §5: old, new and confirmation required; new follows the contracts'
 * password pattern; confirmation equals new), 800 px wide (SPEC §9).
 */
export function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps): ReactNode {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);
  const username = useSessionStore((s) => s.userInfo?.username);
  const required = { required: true, message: t('common:validation.required') };

  const submit = async (): Promise<void> => {
    const values = await form.validateFields();
    if (!username) {
      feedback().message.warning(t('password.noUser'));
      return;
    }
    setBusy(true);
    try {
      await callApi(AuthRoutes.updatePassword, { body: { ...values, username } });
      feedback().message.success(t('password.changed'));
      form.resetFields();
      onClose();
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error.errors) === 0 && !error.notified) {
        feedback().message.error(error.message);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('password.title')}
      width={800}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 14 }} preserve={false}>
        <Form.Item name="oldpassword" label={t('password.old')} rules={[required]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password.new')}
          rules={[required, patternRule(PATTERNS.password, 'validation.password', t)]}
          hasFeedback
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={t('password.confirm')}
          dependencies={['password']}
          hasFeedback
          rules={[
            required,
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value && value !== getFieldValue('password'))
                  throw new Error(t('common:validation.confirmMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
