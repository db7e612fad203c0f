import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthRoutes, SelfServiceRoutes } from '@ztj/contracts';
import { UserLoginLayout } from '../../../layouts/UserLoginLayout';
import { SliderCaptcha } from '../../../platform/forms/SliderCaptcha';
import { callApi } from '../../../platform/http/callApi';
import { AuthField, AuthSmsField } from '../AuthField';
import { useAuthRequest } from '../useAuthRequest';
import { useLoginFields } from '../useLoginFields';
import { LoginLink, NewPasswordFields, SelfServiceError, SelfServiceSubmit } from './SelfServiceParts';
import {
  compact,
  confirmError,
  mobileFieldError,
  passwordError,
  serverFieldErrors,
  smsCodeError,
  usernameError,
} from './selfServiceForm';
import { useSliderToken } from './useSliderToken';
import loginStyles from '../LoginPage.module.css';
import styles from './SelfService.module.css';

type Field = 'username' | 'password' | 'confirmPassword' | 'mobile' | 'smsCode' | 'slider';
const FIELDS: readonly Field[] = ['username', 'password', 'confirmPassword', 'mobile', 'smsCode'];

/**
 * Registration (/user/register): user name, password with its strength meter and
 * confirmation (SPEC §5), mobile number with its SMS code (purpose register) and the slider
 * captcha (SPEC §4) whose verified server token the registration sends. On success →
 * /user/register-result. Closed platforms (no self-service tenant) say so instead of the form.
 */
export function RegisterPage(): ReactNode {
  const { t } = useTranslation(['register', 'auth']);
  const navigate = useNavigate();
  const f = useLoginFields<Field>(
    { username: '', password: '', confirmPassword: '', mobile: '', smsCode: '', slider: '' },
    'register',
  );
  const { values, errors, setErrors, fieldError } = f;
  const slider = useSliderToken();
  const [open, setOpen] = useState<boolean | null>(null);
  const { error, setError, busy, refused, run } = useAuthRequest(t('register.failed'), (e) =>
    setErrors(serverFieldErrors<Field>(e, FIELDS)),
  );

  useEffect(() => {
    callApi(SelfServiceRoutes.registerConfig, { silent: true }).then(
      (c) => setOpen(c.open),
      () => setOpen(true),
    );
  }, []);

  const sendCode = async (): Promise<boolean> => {
    const invalid = mobileFieldError(values.mobile, 'register:register.mobile');
    setErrors((x) => ({ ...x, mobile: invalid }));
    if (invalid) return false;
    setError(null);
    try {
      await callApi(AuthRoutes.sms, { body: { mobile: values.mobile.trim(), purpose: 'register' }, silent: true });
      return true;
    } catch (e) {
      refused(e);
      return false;
    }
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const invalid = compact<Field>({
      username: usernameError(values.username, 'register:register.username'),
      password: passwordError(values.password, 'register:register.password'),
      confirmPassword: confirmError(values.confirmPassword, values.password, 'register:register.confirmPassword'),
      mobile: mobileFieldError(values.mobile, 'register:register.mobile'),
      smsCode: smsCodeError(values.smsCode, 'register:register.smsCode'),
      slider: slider.verified ? undefined : { key: 'register:register.sliderRequired' },
    });
    setErrors(invalid);
    const sliderToken = slider.verified;
    if (Object.keys(invalid).length > 0 || !sliderToken) return;
    await run(
      async () => {
        const result = await callApi(SelfServiceRoutes.register, {
          body: {
            ...values,
            username: values.username.trim(),
            mobile: values.mobile.trim(),
            smsCode: values.smsCode.trim(),
            sliderToken,
          },
          silent: true,
        });
        void navigate(`/user/register-result?account=${encodeURIComponent(result.username)}`);
      },
      () => slider.reset(), // the server used the token up
    );
  };

  return (
    <UserLoginLayout>
      <h2 className={styles.title}>{t('register.title')}</h2>
      {open === false ? (
        <Alert type="warning" showIcon title={t('register.closed')} data-testid="register-closed" />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="register-form">
          <SelfServiceError error={error} testId="register-error" />
          <AuthField
            fields={f}
            name="username"
            kind="account"
            placeholder={t('register.username')}
            testId="register-username"
          />
          <NewPasswordFields
            fields={f}
            names={{ password: 'password', confirm: 'confirmPassword' }}
            placeholders={{ password: t('register.password'), confirm: t('register.confirmPassword') }}
            testIds={{ password: 'register-password', confirm: 'register-confirm' }}
          />
          <AuthField
            fields={f}
            name="mobile"
            kind="mobile"
            placeholder={t('register.mobile')}
            testId="register-mobile"
          />
          <AuthSmsField
            fields={f}
            name="smsCode"
            placeholder={t('register.smsCode')}
            onSend={sendCode}
            testId="register"
          />
          <div className={loginStyles.field}>
            <SliderCaptcha
              texts={{ idle: t('slider.idle'), verifying: t('slider.verifying'), success: t('slider.success') }}
              onVerify={slider.verify}
              resetKey={slider.resetKey}
              onPhase={(phase) => phase === 'success' && setErrors((x) => ({ ...x, slider: undefined }))}
              invalid={!!errors.slider}
            />
            {fieldError('slider')}
          </div>
          <SelfServiceSubmit busy={busy} testId="register-submit">
            {t('register.submit')}
          </SelfServiceSubmit>
        </form>
      )}
      <LoginLink testId="register-to-login">{t('register.haveAccount')}</LoginLink>
    </UserLoginLayout>
  );
}
