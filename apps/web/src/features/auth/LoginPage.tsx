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
import { PhoneLoginForm } from './PhoneLoginForm';
import { loginFailure, validateLogin, type LoginField } from './loginForm';
import { useLoginFields } from './useLoginFields';
import { departmentsToChoose, needsTenantChoice } from './loginSteps';
import { preloadShell } from './preloadShell';
import styles from './LoginPage.module.css';

// The choice dialogs are needed only after a successful sign-in: loaded then.
const TenantChoiceModal = lazy(() => import('./TenantChoiceModal').then((m) => ({ default: m.TenantChoiceModal })));
const DepartmentSwitchModal = lazy(() => import('./DepartmentSwitchModal').then((m) => ({ default: m.DepartmentSwitchModal })));
// Login-free links, third-party and CAS sign-in (issue 13 items 5-6): their own chunk and namespace.
const SsoLogin = lazy(() => import('./sso/SsoLogin').then((m) => ({ default: m.SsoLogin })));

type LoginTab = 'account' | 'phone';
const TABS: readonly LoginTab[] = ['account', 'phone'];

type Step = { kind: 'form' } | { kind: 'tenant'; result: LoginResult } | { kind: 'depart'; departs: DepartBrief[] };

/**
 * Sign-in (issue #2): account, password and, once the server asks for it after failed attempts
 * (issue #8: a field error on `captcha`), an image captcha, kept for the rest of the visit and
 * refreshed on click and after every failed attempt. Refusals, including the 429 "try again in
 * N seconds", show above the form in the server's words. After success: tenant choice (several
 * tenants), department choice (several departments); then the navigation guard takes the user to
 * the `redirect` target or the dashboard. A plain form (no antd Form) keeps the login bundle small.
 * A second tab signs in with a mobile number and an SMS code (issue 13 item 2, `PhoneLoginForm`),
 * followed by the same steps. The two tabs are a small tab bar of our own (tablist roles, arrow
 * keys): antd's Tabs (with its overflow menu) would push the login page past its 250 KB budget.
 */
export function LoginPage(): ReactNode {
  const { t } = useTranslation('auth');
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState<{ key: string; image: string | null }>({ key: '', image: null });
  const { values, setValues, errors, setErrors, change, fieldError } = useLoginFields<LoginField>({ username: '', password: '', captcha: '' }, 'login');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [tab, setTab] = useState<LoginTab>('account');

  const refreshCaptcha = useCallback(() => {
    const key = newCaptchaKey();
    setCaptcha({ key, image: null });
    setValues((v) => ({ ...v, captcha: '' }));
    fetchCaptcha(key)
      .then((image) => setCaptcha((c) => (c.key === key ? { key, image } : c)))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : t('login.captchaFailed')));
  }, [t, setValues]);

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

  /** The steps after any successful sign-in (password or phone): store, then tenant and department choice. */
  const signedIn = useCallback(
    async (result: LoginResult): Promise<void> => {
      storeLoginResult(result);
      preloadShell();
      if (needsTenantChoice(result, hasValidStoredTenant(result.tenantList))) setStep({ kind: 'tenant', result });
      else await askDepartment(result, false);
    },
    [askDepartment],
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
      await signedIn(await callApi(AuthRoutes.login, { body, silent: true }));
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

  const accountForm = (
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
  );

  return (
    <UserLoginLayout>
      <div
        role="tablist"
        className={styles.tabs}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
          const next: LoginTab = tab === 'account' ? 'phone' : 'account';
          setTab(next);
          document.getElementById(`login-tab-${next}`)?.focus();
        }}
      >
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`login-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`login-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className={tab === key ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            onClick={() => setTab(key)}
            data-testid={`login-tab-${key}`}
          >
            {t(key === 'account' ? 'login.tabAccount' : 'login.tabPhone')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="login-panel-account" aria-labelledby="login-tab-account" hidden={tab !== 'account'}>
        {accountForm}
      </div>
      <div role="tabpanel" id="login-panel-phone" aria-labelledby="login-tab-phone" hidden={tab !== 'phone'}>
        <PhoneLoginForm onSignedIn={signedIn} />
      </div>
      <div className={styles.links}>
        <a href="#/user/alteration" data-testid="login-forgot">
          {t('login.forgotPassword')}
        </a>
        <a href="#/user/register" data-testid="login-register">
          {t('login.register')}
        </a>
      </div>
      <Suspense fallback={null}>
        <SsoLogin onSignedIn={signedIn} />
      </Suspense>
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
