import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Input, Modal, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuthRoutes, PATTERNS, type LoginResult, type ThirdType } from '@ztj/contracts';
import { isApiError } from '../../../platform/http/ApiError';
import { callApi } from '../../../platform/http/callApi';
import { bindThird } from './api';
import styles from './sso.module.css';

interface Props {
  token: string;
  thirdType: ThirdType;
  displayName: string;
  onCancel: () => void;
  onBound: (result: LoginResult) => Promise<void>;
}

type Method = 'password' | 'sms';

/**
 * Binds a third-party identity no account holds yet: the user proves an
 * existing account with its password or an SMS login code; the server binds and signs in. The
 * server's answers are shown as they come (they never tell whether an account exists).
 */
export function ThirdBindModal({ token, thirdType, displayName, onCancel, onBound }: Props): ReactNode {
  const { t } = useTranslation('sso');
  const [method, setMethod] = useState<Method>('password');
  const [v, setV] = useState({ username: '', password: '', mobile: '', code: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((o) => ({ ...o, [k]: e.target.value }));
  const message = (e: unknown): string => (isApiError(e) || e instanceof Error ? e.message : t('failed'));

  const sendCode = async (): Promise<void> => {
    if (!PATTERNS.mobile.test(v.mobile.trim())) return setError(t('bind.mobileInvalid'));
    setError(null);
    try {
      const r = await callApi(AuthRoutes.sms, { body: { mobile: v.mobile.trim(), purpose: 'login' }, silent: true });
      setWait(r.resendSeconds);
    } catch (e) {
      setError(message(e));
    }
  };

  const submit = async (): Promise<void> => {
    const ready =
      method === 'password'
        ? v.username.trim() && v.password
        : PATTERNS.mobile.test(v.mobile.trim()) && /^\d{6}$/.test(v.code.trim());
    if (!ready) return setError(t('bind.incomplete'));
    setBusy(true);
    setError(null);
    try {
      const result =
        method === 'password'
          ? await bindThird({ method, token, thirdType, username: v.username.trim(), password: v.password })
          : await bindThird({ method, token, thirdType, mobile: v.mobile.trim(), captcha: v.code.trim() });
      await onBound(result);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('bind.title')}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText={t('bind.submit')}
      confirmLoading={busy}
      width={420}
      modalRender={(node) => <div data-testid="sso-bind">{node}</div>}
    >
      <p>{t('bind.intro', { name: displayName })}</p>
      <Segmented<Method>
        block
        value={method}
        onChange={setMethod}
        options={[
          { value: 'password', label: t('bind.byPassword') },
          { value: 'sms', label: t('bind.bySms') },
        ]}
        className={styles.field}
      />
      {error && <Alert type="error" showIcon title={error} className={styles.field} data-testid="sso-bind-error" />}
      {method === 'password' ? (
        <>
          <Input
            className={styles.field}
            placeholder={t('bind.username')}
            autoComplete="username"
            value={v.username}
            onChange={set('username')}
            data-testid="sso-bind-username"
          />
          <Input.Password
            className={styles.field}
            placeholder={t('bind.password')}
            autoComplete="current-password"
            value={v.password}
            onChange={set('password')}
            onPressEnter={() => void submit()}
            data-testid="sso-bind-password"
          />
        </>
      ) : (
        <>
          <Input
            className={styles.field}
            placeholder={t('bind.mobile')}
            inputMode="tel"
            maxLength={11}
            value={v.mobile}
            onChange={set('mobile')}
          />
          <div className={`${styles.field} ${styles.codeRow}`}>
            <Input
              placeholder={t('bind.code')}
              inputMode="numeric"
              maxLength={6}
              value={v.code}
              onChange={set('code')}
            />
            <Button disabled={wait > 0} onClick={() => void sendCode()}>
              {wait > 0 ? t('bind.resend', { seconds: wait }) : t('bind.sendCode')}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
