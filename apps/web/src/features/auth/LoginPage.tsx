import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AuthRoutes, type DepartBrief, type LoginResult } from '@ztj/contracts';
import { UserLoginLayout } from '../../layouts/UserLoginLayout';
import { feedback } from '../../platform/feedback/feedback';
import { isApiError } from '../../platform/http/ApiError';
import { callApi } from '../../platform/http/callApi';
import { notifyHttpError } from '../../platform/http/httpErrors';
import { activateSession, hasValidStoredTenant, storeLoginResult } from '../../platform/session/sessionStore';
import { fetchCaptcha, newCaptchaKey } from './api';
import { CaptchaField } from './CaptchaField';
import { loginFailure, validateLogin, type FieldMessage, type LoginErrors, type LoginField, type LoginValues } from './loginForm';
import { departmentsToChoose, needsTenantChoice } from './loginSteps';
import styles from './LoginPage.module.css';

// The choice dialogs are needed only after a successful sign-in: loaded then.
const TenantChoiceModal = lazy(() => import('./TenantChoiceModal').then((m) => ({ default: m.TenantChoiceModal })));
const DepartmentSwitchModal = lazy(() => import('./DepartmentSwitchModal').then((m) => ({ default: m.DepartmentSwitchModal })));

type Step = { kind: 'form' } | { kind: 'tenant'; result: LoginResult } | { kind: 'depart'; departs: DepartBrief[] };

/**
 * Sign-in (issue #2): account, password and, once the server asks for it after failed attempts
 * (issue #8: a field error on `captcha`), an image captcha, kept for the rest of the visit and
 * refreshed on click and after every failed attempt. Refusals, including the 429 "try again in
 * N seconds", show above the form in the server's words. After success: tenant choice (several
 * tenants), department choice (several departments); then the navigation guard takes the user to
 * the `redirect` target or the dashboard. A plain form (no antd Form) keeps the login bundle small.
 */
export function LoginPage(): ReactNode {
  const { t } = useTranslation('auth');
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState<{ key: string; image: string | null }>({ key: '', image: null });
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'form' });

  const refreshCaptcha = useCallback(() => {
    const key = newCaptchaKey();
    setCaptcha({ key, image: null });
    setValues((v) => ({ ...v, captcha: '' }));
    fetchCaptcha(key)
      .then((image) => setCaptcha((c) => (c.key === key ? { key, image } : c)))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : t('login.captchaFailed')));
  }, [t]);

  useEffect(() => {
    if (captchaShown) refreshCaptcha();
  }, [captchaShown, refreshCaptcha]);

  const finish = useCallback(() => {
    activateSession();
    feedback().message.success(t('login.welcome'));
  }, [t]);

  const askDepartment = useCallback(
    async (result: LoginResult, tenantSwitched: boolean) => {
      const departs = await departmentsToChoose(result, tenantSwitched).catch(() => null);
      if (departs) setStep({ kind: 'depart', departs });
      else finish();
    },
    [finish],
  );

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const invalid = validateLogin(values, captchaShown);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const { username, password } = values;
      const body = captchaShown ? { username, password, captcha: values.captcha, checkKey: captcha.key } : { username, password };
      // silent: the form shows refusals itself (below); network and server failures are notified there
      const result = await callApi(AuthRoutes.login, { body, silent: true });
      storeLoginResult(result);
      if (needsTenantChoice(result, hasValidStoredTenant(result.tenantList))) setStep({ kind: 'tenant', result });
      else await askDepartment(result, false);
    } catch (e) {
      if (isApiError(e) && (e.status === 0 || e.status >= 500)) {
        notifyHttpError(e.status, e.message);
      } else {
        const failure = loginFailure(isApiError(e) ? e : null, t('login.failed'));
        setErrors(failure.errors);
        setError(failure.alert);
        // a newly shown captcha loads its image through the effect above
        if (failure.captchaRequired && !captchaShown) setCaptchaShown(true);
        else if (captchaShown) refreshCaptcha();
      }
    } finally {
      setBusy(false);
    }
  };

  const change = (field: LoginField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const message = (m: FieldMessage | undefined): string | null => {
    if (!m) return null;
    if ('text' in m) return m.text;
    return t(m.key, { ...m.params, field: m.params?.field ? t(m.params.field) : undefined });
  };
  const fieldError = (field: LoginField): ReactNode => (
    <div className={styles.fieldError} role="alert" data-testid={`login-${field}-error`}>
      {message(errors[field])}
    </div>
  );

  return (
    <UserLoginLayout>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} data-testid="login-error" />}
        <div className={styles.field}>
          <Input
            size="large"
            name="username"
            prefix={<UserOutlined />}
            placeholder={t('login.username')}
            autoComplete="username"
            value={values.username}
            status={errors.username ? 'error' : undefined}
            onChange={(e) => change('username')(e.target.value)}
            data-testid="login-username"
          />
          {fieldError('username')}
        </div>
        <div className={styles.field}>
          <Password
            size="large"
            name="password"
            prefix={<LockOutlined />}
            placeholder={t('login.password')}
            autoComplete="current-password"
            value={values.password}
            status={errors.password ? 'error' : undefined}
            onChange={(e) => change('password')(e.target.value)}
            data-testid="login-password"
          />
          {fieldError('password')}
        </div>
        {captchaShown && (
          <div className={styles.field}>
            <CaptchaField value={values.captcha} onChange={change('captcha')} image={captcha.image} onRefresh={refreshCaptcha} invalid={!!errors.captcha} />
            {fieldError('captcha')}
          </div>
        )}
        <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </form>
      <Suspense fallback={null}>
        {step.kind === 'tenant' && (
          <TenantChoiceModal
            open
            tenants={step.result.tenantList}
            initial={step.result.userInfo.loginTenantId}
            onChosen={(tenantId) => void askDepartment(step.result, tenantId !== step.result.userInfo.loginTenantId)}
          />
        )}
        {step.kind === 'depart' && <DepartmentSwitchModal open required departs={step.departs} onDone={finish} />}
      </Suspense>
    </UserLoginLayout>
  );
}
