import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { SafetyCertificateOutlined, WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginResult, SsoConfig, ThirdType } from '@ztj/contracts';
import { isApiError } from '../../../platform/http/ApiError';
import { storeTenantId } from '../../../platform/session/sessionStore';
import { casValidate, fetchSsoConfig, loginFree, renderUrl, thirdLogin } from './api';
import { casTicket, ssoIntent, withoutSsoFields } from './ssoQuery';
import { LoginAlert, LoginDivider, LoginLinkButton, LoginSpinner } from '../../../platform/plain-ui/LoginControls';
import styles from './sso.module.css';

// antd dialog, in antd's theme: loaded only when a third-party identity is to be bound
const ThirdBindModal = lazy(() => import('./AntdThirdBind').then((m) => ({ default: m.AntdThirdBind })));

/** Tokens and links already handled by this page (React may run an effect twice; each is single use). */
const handled = new Set<string>();

interface Props {
  /** The login page's steps after a sign-in (store, tenant and department choice). */
  onSignedIn: (result: LoginResult) => Promise<void>;
}

/**
 * The login page's single sign-on part: signs in with a login-free link
 * (`at`/`guid`/`uid` in the query, SPEC §2/§3), with the hand-over token of a third-party callback
 * (`thirdToken`/`thirdType`; an unbound identity opens the bind dialog), or with a CAS ticket on
 * the page address; shows buttons for the providers the server has configured.
 */
export function SsoLogin({ onSignedIn }: Props): ReactNode {
  const { t } = useTranslation('sso');
  const location = useLocation();
  const navigate = useNavigate();
  const [config, setConfig] = useState<SsoConfig | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [bind, setBind] = useState<{ token: string; thirdType: ThirdType; displayName: string } | null>(null);
  const redirect = new URLSearchParams(location.search).get('redirect');

  useEffect(() => {
    fetchSsoConfig().then(setConfig, () => setConfig(null));
  }, []);

  useEffect(() => {
    const intent = ssoIntent(location.search);
    const cas = casTicket(window.location);
    const key =
      intent.kind === 'loginFree' ? intent.guid : intent.kind === 'third' ? intent.token : cas ? cas.ticket : null;
    if (intent.kind === 'thirdError') {
      setError(t('thirdError'));
      return;
    }
    if (!key || handled.has(key)) return;
    handled.add(key);
    // the query leaves the address first: once signed in, the guard moves on to the redirect target
    void navigate({ pathname: location.pathname, search: withoutSsoFields(location.search) }, { replace: true });
    if (cas) window.history.replaceState(null, '', `${cas.service}${window.location.hash}`);
    const fail = (e: unknown): void => setError(isApiError(e) || e instanceof Error ? e.message : t('failed'));
    setBusy(true);
    const run = async (): Promise<void> => {
      if (intent.kind === 'loginFree') {
        // the link was issued in one tenant: that is the session's, no tenant step
        const result = await loginFree(intent.at, intent.guid, intent.uid);
        storeTenantId(result.userInfo.loginTenantId);
        return onSignedIn(result);
      }
      if (intent.kind === 'third') {
        const r = await thirdLogin(intent.token, intent.thirdType);
        if (r.status === 'signedIn') return onSignedIn(r);
        setBind({ token: intent.token, thirdType: intent.thirdType, displayName: r.displayName });
        return;
      }
      if (cas) return onSignedIn(await casValidate(cas.ticket, cas.service));
    };
    run()
      .catch(fail)
      .finally(() => setBusy(false));
  }, [location.search, location.pathname, navigate, onSignedIn, t]);

  const providers = config?.providers ?? [];
  return (
    <div data-testid="sso-login">
      {busy && (
        <div className={styles.busy} data-testid="sso-busy">
          <LoginSpinner /> {t('signingIn')}
        </div>
      )}
      {error && (
        <LoginAlert testId="sso-error" onClose={() => setError(null)}>
          {error}
        </LoginAlert>
      )}
      {(providers.length > 0 || config?.cas) && (
        <>
          <LoginDivider>{t('others')}</LoginDivider>
          <div className={styles.buttons}>
            {providers.map((p) => (
              <LoginLinkButton
                key={p.type}
                href={renderUrl(p.type, redirect)}
                icon={p.type === 1 ? <WechatOutlined /> : <SafetyCertificateOutlined />}
                data-testid={`sso-provider-${p.type}`}
              >
                {p.type === 1 ? t('wechat') : p.name}
              </LoginLinkButton>
            ))}
            {config?.cas && (
              <LoginLinkButton href={config.cas.loginUrl} icon={<SafetyCertificateOutlined />} data-testid="sso-cas">
                {t('cas')}
              </LoginLinkButton>
            )}
          </div>
        </>
      )}
      <Suspense fallback={null}>
        {bind && (
          <ThirdBindModal
            {...bind}
            onCancel={() => setBind(null)}
            onBound={async (result) => {
              setBind(null);
              await onSignedIn(result);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
