import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button } from 'antd';
import Input from 'antd/es/input/Input';
import { MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AuthRoutes, type LoginResult } from '@ztj/contracts';
import { isApiError } from '../../platform/http/ApiError';
import { callApi } from '../../platform/http/callApi';
import { notifyHttpError } from '../../platform/http/httpErrors';
import { mobileError, validatePhoneLogin, type PhoneField } from './phoneLoginForm';
import { SmsCodeField } from './self-service/SmsCodeField';
import { useLoginFields } from './useLoginFields';
import styles from './LoginPage.module.css';

/**
 * The phone tab of the login page: mobile number (SPEC §5), "get code" (POST
 * /sys/sms, then a 60 s countdown on the button) and the 6-digit code; submit calls
 * /sys/phoneLogin and hands the result to `onSignedIn` (the password login's next steps). In DEMO
 * mode without an SMS provider the server writes the code to its log and the form says so.
 * Refusals show above the form in the server's words.
 */
export function PhoneLoginForm({ onSignedIn }: { onSignedIn: (result: LoginResult) => Promise<void> }): ReactNode {
  const { t } = useTranslation('auth');
  const { values, errors, setErrors, change, fieldError } = useLoginFields<PhoneField>(
    { mobile: '', code: '' },
    'phone',
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [demoHint, setDemoHint] = useState(false);

  const refused = (e: unknown): void => {
    if (isApiError(e) && (e.status === 0 || e.status >= 500)) notifyHttpError(e.status, e.message);
    else setError(isApiError(e) && e.message ? e.message : t('login.failed'));
  };

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
    setBusy(true);
    setError(null);
    try {
      const result = await callApi(AuthRoutes.phoneLogin, {
        body: { mobile: values.mobile.trim(), captcha: values.code.trim() },
        silent: true,
      });
      await onSignedIn(result);
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
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
      <div className={styles.field}>
        <Input
          size="large"
          name="mobile"
          type="tel"
          inputMode="numeric"
          maxLength={11}
          prefix={<MobileOutlined />}
          placeholder={t('login.mobile')}
          autoComplete="tel"
          value={values.mobile}
          status={errors.mobile ? 'error' : undefined}
          onChange={(e) => change('mobile')(e.target.value)}
          data-testid="phone-mobile"
        />
        {fieldError('mobile')}
      </div>
      <div className={styles.field}>
        <SmsCodeField
          value={values.code}
          onChange={change('code')}
          placeholder={t('login.smsCode')}
          invalid={Boolean(errors.code)}
          onSend={sendCode}
          testId="phone"
        />
        {fieldError('code')}
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="phone-submit">
        {t('login.submit')}
      </Button>
    </form>
  );
}
