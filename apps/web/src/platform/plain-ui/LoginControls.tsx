import {
  useState,
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import {
  CloseCircleFilled,
  CloseOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  InfoCircleFilled,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import styles from './LoginControls.module.css';

/**
 * Plain form controls of the login page, drawn like antd's large input, button and alert.
 * The login page renders before antd's runtime is loaded: antd's CSS-in-JS and component code were
 * most of its main-thread time on a phone. Screens after sign-in use antd itself.
 */

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'size'> & {
  /** Icon before the text. */
  prefix?: ReactNode;
  /** Red frame (the field has an error). */
  invalid?: boolean;
  /** A password field with a show/hide toggle. */
  password?: boolean;
};

/** A text (or password) input with a prefix icon, antd-large look; extra props go to `<input>`. */
export function LoginInput({ prefix, invalid = false, password = false, type, ...rest }: InputProps): ReactNode {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <span className={invalid ? `${styles.affix} ${styles.error}` : styles.affix}>
      {prefix && <span className={styles.prefix}>{prefix}</span>}
      <input
        {...rest}
        type={password ? (shown ? 'text' : 'password') : type}
        aria-invalid={invalid || undefined}
        className={styles.input}
      />
      {password && (
        <button
          type="button"
          className={styles.reveal}
          onClick={() => setShown((s) => !s)}
          aria-label={t(shown ? 'login.hidePassword' : 'login.showPassword')}
          aria-pressed={shown}
        >
          {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      )}
    </span>
  );
}

interface ButtonLook {
  variant?: 'primary' | 'default' | 'link';
  block?: boolean;
  small?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

function buttonClass({ variant = 'default', block, small }: ButtonLook): string {
  return [
    styles.button,
    variant === 'primary' && styles.primary,
    variant === 'link' && styles.link,
    block && styles.block,
    small && styles.small,
  ]
    .filter(Boolean)
    .join(' ');
}

/** A button in antd's look; `loading` shows a spinner and disables it. */
export function LoginButton({
  variant,
  block,
  small,
  loading = false,
  icon,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement>): ReactNode {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClass({ variant, block, small })}
    >
      {loading ? <span className={styles.spinner} aria-hidden /> : icon}
      {children}
    </button>
  );
}

/** A link drawn as a button (third-party sign-in providers). */
export function LoginLinkButton({
  icon,
  children,
  ...rest
}: { icon?: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>): ReactNode {
  return (
    <a {...rest} className={buttonClass({})}>
      {icon}
      {children}
    </a>
  );
}

/** An error (or info) line above a form; `onClose` adds a close button. */
export function LoginAlert({
  type = 'error',
  children,
  onClose,
  testId,
}: {
  type?: 'error' | 'info';
  children: ReactNode;
  onClose?: () => void;
  testId?: string;
}): ReactNode {
  const { t } = useTranslation('auth');
  return (
    <div
      role={type === 'error' ? 'alert' : 'status'}
      className={type === 'info' ? `${styles.alert} ${styles.alertInfo}` : styles.alert}
      data-testid={testId}
    >
      <span className={styles.alertIcon}>{type === 'info' ? <InfoCircleFilled /> : <CloseCircleFilled />}</span>
      <span className={styles.alertText}>{children}</span>
      {onClose && (
        <button type="button" className={styles.alertClose} onClick={onClose} aria-label={t('login.close')}>
          <CloseOutlined />
        </button>
      )}
    </div>
  );
}

/** A horizontal rule with a centred text ("other sign-in methods"). */
export function LoginDivider({ children }: { children: ReactNode }): ReactNode {
  return (
    <div className={styles.divider} role="separator">
      {children}
    </div>
  );
}

/** A small spinning indicator. */
export function LoginSpinner(): ReactNode {
  return <span className={styles.spinner} aria-hidden />;
}
