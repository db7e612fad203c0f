import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthRoutes, SelfServiceRoutes } from '@ztj/contracts';
import { UserLoginLayout } from '../../../layouts/UserLoginLayout';
import { SliderCaptcha } from '../../../platform/forms/SliderCaptcha';
import { isApiError } from '../../../platform/http/ApiError';
import { callApi } from '../../../platform/http/callApi';
import { notifyHttpError } from '../../../platform/http/httpErrors';
import { LOGIN_PATH } from '../../../platform/settings/appConfig';
import { useLoginFields } from '../useLoginFields';
import { PasswordStrength } from './PasswordStrength';
import {
  compact,
  confirmError,
  mobileFieldError,
  passwordError,
  serverFieldErrors,
  smsCodeError,
  usernameError,
} from './selfServiceForm';
import { SmsCodeField } from './SmsCodeField';
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
  const { values, errors, setErrors, change, fieldError } = f;
  const slider = useSliderToken();
  const [open, setOpen] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    callApi(SelfServiceRoutes.registerConfig, { silent: true }).then(
      (c) => setOpen(c.open),
      () => setOpen(true),
    );
  }, []);

  const refused = (e: unknown): void => {
    if (isApiError(e) && (e.status === 0 || e.status >= 500)) notifyHttpError(e.status, e.message);
    else {
      if (isApiError(e)) setErrors(serverFieldErrors<Field>(e.errors, FIELDS));
      setError(isApiError(e) && e.message ? e.message : t('register.failed'));
    }
  };

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
    if (Object.keys(invalid).length > 0 || !slider.verified) return;
    setBusy(true);
    setError(null);
    try {
      const result = await callApi(SelfServiceRoutes.register, {
        body: {
          ...values,
          username: values.username.trim(),
          mobile: values.mobile.trim(),
          smsCode: values.smsCode.trim(),
          sliderToken: slider.verified,
        },
        silent: true,
      });
      void navigate(`/user/register-result?account=${encodeURIComponent(result.username)}`);
    } catch (e) {
      refused(e);
      slider.reset(); // the server used the token up
    } finally {
      setBusy(false);
    }
  };

  return (
    <UserLoginLayout>
      <h2 className={styles.title}>{t('register.title')}</h2>
      {open === false ? (
        <Alert type="warning" showIcon title={t('register.closed')} data-testid="register-closed" />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="register-form">
          {error && (
            <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} data-testid="register-error" />
          )}
          <div className={loginStyles.field}>
            <Input
              size="large"
              name="username"
              prefix={<UserOutlined />}
              placeholder={t('register.username')}
              autoComplete="username"
              value={values.username}
              status={errors.username ? 'error' : undefined}
              onChange={(e) => change('username')(e.target.value)}
              data-testid="register-username"
            />
            {fieldError('username')}
          </div>
          <div className={loginStyles.field}>
            <Password
              size="large"
              name="password"
              prefix={<LockOutlined />}
              placeholder={t('register.password')}
              autoComplete="new-password"
              value={values.password}
              status={errors.password ? 'error' : undefined}
              onChange={(e) => change('password')(e.target.value)}
              data-testid="register-password"
            />
            <PasswordStrength password={values.password} />
            {fieldError('password')}
          </div>
          <div className={loginStyles.field}>
            <Password
              size="large"
              name="confirmPassword"
              prefix={<LockOutlined />}
              placeholder={t('register.confirmPassword')}
              autoComplete="new-password"
              value={values.confirmPassword}
              status={errors.confirmPassword ? 'error' : undefined}
              onChange={(e) => change('confirmPassword')(e.target.value)}
              data-testid="register-confirm"
            />
            {fieldError('confirmPassword')}
          </div>
          <div className={loginStyles.field}>
            <Input
              size="large"
              name="mobile"
              type="tel"
              inputMode="numeric"
              maxLength={11}
              prefix={<MobileOutlined />}
              placeholder={t('register.mobile')}
              autoComplete="tel"
              value={values.mobile}
              status={errors.mobile ? 'error' : undefined}
              onChange={(e) => change('mobile')(e.target.value)}
              data-testid="register-mobile"
            />
            {fieldError('mobile')}
          </div>
          <div className={loginStyles.field}>
            <SmsCodeField
              value={values.smsCode}
              onChange={change('smsCode')}
              placeholder={t('register.smsCode')}
              invalid={!!errors.smsCode}
              onSend={sendCode}
              testId="register"
            />
            {fieldError('smsCode')}
          </div>
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
          <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="register-submit">
            {t('register.submit')}
          </Button>
        </form>
      )}
      <div className={styles.links}>
        <Link to={LOGIN_PATH} data-testid="register-to-login">
          {t('register.haveAccount')}
        </Link>
      </div>
    </UserLoginLayout>
  );
}
