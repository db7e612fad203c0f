import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuthRoutes, type LoginResult } from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';
import { AuthField, AuthSmsField } from './AuthField';
import { mobileError, validatePhoneLogin, type PhoneField } from './phoneLoginForm';
import { useAuthRequest } from './useAuthRequest';
import { useLoginFields } from './useLoginFields';

/**
 * The phone tab of the login page: mobile number (SPEC §5), "get code" (POST
 * /sys/sms, then a 60 s countdown on the button) and the 6-digit code; submit calls
 * /sys/phoneLogin and hands the result to `onSignedIn` (the password login's next steps). In DEMO
 * mode without an SMS provider the server writes the code to its log and the form says so.
 * Refusals show above the form in the server's words.
 */
export function PhoneLoginForm({ onSignedIn }: { onSignedIn: (result: LoginResult) => Promise<void> }): ReactNode {
  const { t } = useTranslation('auth');
  const fields = useLoginFields<PhoneField>({ mobile: '', code: '' }, 'phone');
  const { values, setErrors } = fields;
  const { error, setError, busy, refused, run } = useAuthRequest(t('login.failed'));
  const [demoHint, setDemoHint] = useState(false);

  const sendCode = async (): Promise<boolean> => {
    const invalid = mobileError(values.mobile);
    setErrors((x) => ({ ...x, mobile: invalid }));
    if (invalid) return false;
    setError(null);
    try {
      const result = await callApi(AuthRoutes.sms, {
        body: { mobile: values.mobile.trim(), purpose: 'login' },
        silent: true,
      });
      setDemoHint(result.demoCodeInLog);
      return true;
    } catch (e) {
      refused(e);
      return false;
    }
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const invalid = validatePhoneLogin(values);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    await run(async () => {
      const result = await callApi(AuthRoutes.phoneLogin, {
        body: { mobile: values.mobile.trim(), captcha: values.code.trim() },
        silent: true,
      });
      await onSignedIn(result);
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="phone-login-form">
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} data-testid="phone-login-error" />
      )}
      {demoHint && (
        <Alert
          type="info"
          showIcon
          title={t('login.demoCodeInLog')}
          style={{ marginBottom: 24 }}
          data-testid="phone-demo-hint"
        />
      )}
      <AuthField fields={fields} name="mobile" kind="mobile" placeholder={t('login.mobile')} testId="phone-mobile" />
      <AuthSmsField fields={fields} name="code" placeholder={t('login.smsCode')} onSend={sendCode} testId="phone" />
      <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="phone-submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
