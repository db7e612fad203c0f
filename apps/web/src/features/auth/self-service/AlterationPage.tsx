import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Result, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SelfServiceRoutes } from '@ztj/contracts';
import { UserLoginLayout } from '../../../layouts/UserLoginLayout';
import { callApi } from '../../../platform/http/callApi';
import { LOGIN_PATH } from '../../../platform/settings/appConfig';
import { AuthField, AuthSmsField } from '../AuthField';
import { useAuthRequest } from '../useAuthRequest';
import { useLoginFields } from '../useLoginFields';
import { LoginLink, NewPasswordFields, SelfServiceError, SelfServiceSubmit } from './SelfServiceParts';
import { compact, confirmError, passwordError, serverFieldErrors, smsCodeError } from './selfServiceForm';
import styles from './SelfService.module.css';

type Field = 'account' | 'code' | 'password' | 'confirmPassword';
const FIELDS: readonly Field[] = ['account', 'code', 'password', 'confirmPassword'];

/**
 * Password recovery (/user/alteration, steps 1-4): 1 the account (user name or
 * mobile number) → the server sends a recovery code when it exists (its answer is the same
 * either way, and so is this page's); 2 the SMS code → a single-use ticket; 3 the new password
 * with strength meter and confirmation (SPEC §5); 4 done: every session was signed out.
 */
export function AlterationPage(): ReactNode {
  const { t } = useTranslation(['register', 'auth']);
  const navigate = useNavigate();
  const fields = useLoginFields<Field>({ account: '', code: '', password: '', confirmPassword: '' }, 'alteration');
  const { values, setErrors } = fields;
  const [step, setStep] = useState(0);
  const [ticket, setTicket] = useState('');
  const [sentAt, setSentAt] = useState<number | null>(null);
  const { error, setError, busy, refused, run } = useAuthRequest(t('alteration.failed'), (e) =>
    setErrors(serverFieldErrors<Field>(e, FIELDS)),
  );
  const sendCode = async (): Promise<boolean> => {
    try {
      await callApi(SelfServiceRoutes.recoveryCode, { body: { account: values.account.trim() }, silent: true });
      setError(null);
      return true;
    } catch (e) {
      refused(e);
      return false;
    }
  };

  const identify = (e: FormEvent): void => {
    e.preventDefault();
    if (!values.account.trim())
      return setErrors({ account: { key: 'register:required', params: { field: 'register:alteration.account' } } });
    void run(async () => {
      await callApi(SelfServiceRoutes.recoveryCode, { body: { account: values.account.trim() }, silent: true });
      setSentAt(Date.now());
      setStep(1);
    });
  };
  const verify = (e: FormEvent): void => {
    e.preventDefault();
    const invalid = compact<Field>({
      account: undefined,
      code: smsCodeError(values.code, 'register:alteration.step2'),
      password: undefined,
      confirmPassword: undefined,
    });
    setErrors(invalid);
    if (Object.keys(invalid).length) return;
    void run(async () => {
      const r = await callApi(SelfServiceRoutes.recoveryVerify, {
        body: { account: values.account.trim(), code: values.code.trim() },
        silent: true,
      });
      setTicket(r.ticket);
      setStep(2);
    });
  };
  const reset = (e: FormEvent): void => {
    e.preventDefault();
    const invalid = compact<Field>({
      account: undefined,
      code: undefined,
      password: passwordError(values.password, 'register:alteration.newPassword'),
      confirmPassword: confirmError(values.confirmPassword, values.password, 'register:alteration.confirmPassword'),
    });
    setErrors(invalid);
    if (Object.keys(invalid).length) return;
    void run(async () => {
      await callApi(SelfServiceRoutes.recoveryReset, {
        body: { ticket, password: values.password, confirmPassword: values.confirmPassword },
        silent: true,
      });
      setStep(3);
    });
  };

  const alert = <SelfServiceError error={error} testId="alteration-error" />;
  const submit = (label: string, testId: string): ReactNode => (
    <SelfServiceSubmit busy={busy} testId={testId}>
      {label}
    </SelfServiceSubmit>
  );
  return (
    <UserLoginLayout>
      <h2 className={styles.title}>{t('alteration.title')}</h2>
      <Steps
        className={styles.steps}
        size="small"
        current={step}
        responsive={false}
        labelPlacement="vertical"
        items={[t('alteration.step1'), t('alteration.step2'), t('alteration.step3'), t('alteration.step4')].map(
          (title) => ({ title }),
        )}
        data-testid="alteration-steps"
      />
      {step === 0 && (
        <form onSubmit={identify} noValidate data-testid="alteration-step1">
          {alert}
          <AuthField
            fields={fields}
            name="account"
            kind="account"
            placeholder={t('alteration.account')}
            testId="alteration-account"
          />
          {submit(t('alteration.next'), 'alteration-next')}
        </form>
      )}
      {step === 1 && (
        <form onSubmit={verify} noValidate data-testid="alteration-step2">
          {alert}
          <Alert
            type="info"
            showIcon
            title={t('alteration.codeSent')}
            style={{ marginBottom: 24 }}
            data-testid="alteration-code-sent"
          />
          <AuthSmsField
            fields={fields}
            name="code"
            placeholder={t('auth:login.smsCode')}
            onSend={sendCode}
            sentAt={sentAt}
            testId="alteration"
          />
          {submit(t('alteration.next'), 'alteration-verify')}
        </form>
      )}
      {step === 2 && (
        <form onSubmit={reset} noValidate data-testid="alteration-step3">
          {alert}
          <NewPasswordFields
            fields={fields}
            names={{ password: 'password', confirm: 'confirmPassword' }}
            placeholders={{ password: t('alteration.newPassword'), confirm: t('alteration.confirmPassword') }}
            testIds={{ password: 'alteration-password', confirm: 'alteration-confirm' }}
          />
          {submit(t('alteration.submit'), 'alteration-submit')}
        </form>
      )}
      {step === 3 && (
        <Result
          status="success"
          title={t('alteration.doneTitle')}
          subTitle={t('alteration.doneDescription')}
          extra={
            <Button
              type="primary"
              size="large"
              onClick={() => void navigate(LOGIN_PATH)}
              data-testid="alteration-login"
            >
              {t('alteration.signIn')}
            </Button>
          }
          data-testid="alteration-done"
        />
      )}
      {step < 3 && <LoginLink testId="alteration-to-login">{t('alteration.backToLogin')}</LoginLink>}
    </UserLoginLayout>
  );
}
