import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
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
import { LoginAlert, LoginButton, LoginInput } from '../../platform/plain-ui/LoginControls';
import { loginFailure, validateLogin, type LoginField } from './loginForm';
import { useLoginFields } from './useLoginFields';
import { departmentsToChoose, needsTenantChoice } from './loginSteps';
import { preloadShell } from '../../platform/router/shellPreload';
import styles from './LoginPage.module.css';

// antd screens of the login page, loaded when first shown (the page itself is plain markup):
// the choice dialogs after a successful sign-in, the phone tab when it is opened.
const TenantChoiceModal = lazy(() => import('./AntdLoginParts').then((m) => ({ default: m.TenantChoice })));
const DepartmentSwitchModal = lazy(() => import('./AntdLoginParts').then((m) => ({ default: m.DepartmentChoice })));
const PhoneLoginForm = lazy(() => import('./AntdLoginParts').then((m) => ({ default: m.PhoneLogin })));
// Login-free links, third-party and CAS sign-in: their own chunk and namespace.
const SsoLogin = lazy(() => import('./sso/SsoLogin').then((m) => ({ default: m.SsoLogin })));

type LoginTab = 'account' | 'phone';
const TABS: readonly LoginTab[] = ['account', 'phone'];

type Step = { kind: 'form' } | { kind: 'tenant'; result: LoginResult } | { kind: 'depart'; departs: DepartBrief[] };

/**
 * Sign-in: account, password and, once the server asks for it after failed attempts
 * (a field error on `captcha`), an image captcha, kept for the rest of the visit and
 * refreshed on click and after every failed attempt. Refusals, including the 429 "try again in
 * N seconds", show above the form in the server's words. After success: tenant choice (several
 * tenants), department choice (several departments); then the navigation guard takes the user to
 * the `redirect` target or the dashboard. The page is plain markup (`ui/LoginControls`): antd and
 * its runtime load only with the dialogs after sign-in or the phone tab.
 * A second tab signs in with a mobile number and an SMS code (`PhoneLoginForm`),
 * followed by the same steps. The two tabs are a small tab bar of our own (tablist roles, arrow
 * keys): antd's Tabs (with its overflow menu) would push the login page past its 250 KB budget.
 */
export function LoginPage(): ReactNode {
  const { t } = useTranslation('auth');
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState<{ key: string; image: string | null }>({ key: '', image: null });
  const { values, setValues, errors, setErrors, change, fieldError } = useLoginFields<LoginField>(
    { username: '', password: '', captcha: '' },
    'login',
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [tab, setTab] = useState<LoginTab>('account');
  // the phone tab's form (antd) loads the first time the tab is opened, then stays
  const [phoneOpened, setPhoneOpened] = useState(false);
  const selectTab = (next: LoginTab): void => {
    setTab(next);
    if (next === 'phone') setPhoneOpened(true);
  };

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
      const body = captchaShown
        ? { username, password, captcha: values.captcha, checkKey: captcha.key }
        : { username, password };
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
      {error && <LoginAlert testId="login-error">{error}</LoginAlert>}
      <div className={styles.field}>
        <LoginInput
          name="username"
          prefix={<UserOutlined />}
          placeholder={t('login.username')}
          autoComplete="username"
          value={values.username}
          invalid={!!errors.username}
          onChange={(e) => change('username')(e.target.value)}
          data-testid="login-username"
        />
        {fieldError('username')}
      </div>
      <div className={styles.field}>
        <LoginInput
          password
          name="password"
          prefix={<LockOutlined />}
          placeholder={t('login.password')}
          autoComplete="current-password"
          value={values.password}
          invalid={!!errors.password}
          onChange={(e) => change('password')(e.target.value)}
          data-testid="login-password"
        />
        {fieldError('password')}
      </div>
      {captchaShown && (
        <div className={styles.field}>
          <CaptchaField
            value={values.captcha}
            onChange={change('captcha')}
            image={captcha.image}
            onRefresh={refreshCaptcha}
            invalid={!!errors.captcha}
          />
          {fieldError('captcha')}
        </div>
      )}
      <LoginButton variant="primary" type="submit" block loading={busy} data-testid="login-submit">
        {t('login.submit')}
      </LoginButton>
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
          selectTab(next);
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
            onClick={() => selectTab(key)}
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
        {phoneOpened && (
          <Suspense fallback={null}>
            <PhoneLoginForm onSignedIn={signedIn} />
          </Suspense>
        )}
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
