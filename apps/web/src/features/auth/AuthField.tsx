import type { ReactNode } from 'react';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { SmsCodeField } from './self-service/SmsCodeField';
import type { LoginFields } from './useLoginFields';
import styles from './LoginPage.module.css';

/**
 * What a field of the phone sign-in and self-service forms holds: `account` a user name or account
 * (user icon), `newPassword` a password being chosen (lock icon, masked), `mobile` an 11-digit
 * mobile number (SPEC §5).
 */
export type AuthFieldKind = 'account' | 'newPassword' | 'mobile';

/** Props of {@link AuthField}: the form's fields, the one shown, what it holds and its words. */
export interface AuthFieldProps<F extends string> {
  fields: LoginFields<F>;
  /** The field; also the input's `name`. */
  name: F;
  kind: AuthFieldKind;
  placeholder: string;
  /** The input's `data-testid`; its error line keeps the form's `<prefix>-<field>-error`. */
  testId: string;
  /** Shown between the input and its error line (the password strength meter). */
  children?: ReactNode;
}

/**
 * One large antd text field of the self-service pages and the phone sign-in tab with its error line
 * under it: they draw the same account, new-password and mobile inputs. (The account tab of the
 * login page keeps its own light controls.)
 */
export function AuthField<F extends string>({
  fields,
  name,
  kind,
  placeholder,
  testId,
  children,
}: AuthFieldProps<F>): ReactNode {
  const common = {
    size: 'large' as const,
    name,
    placeholder,
    value: fields.values[name],
    status: fields.errors[name] ? ('error' as const) : undefined,
    onChange: (e: { target: { value: string } }) => fields.change(name)(e.target.value),
    'data-testid': testId,
  };
  return (
    <div className={styles.field}>
      {kind === 'newPassword' ? (
        <Password {...common} prefix={<LockOutlined />} autoComplete="new-password" />
      ) : kind === 'mobile' ? (
        <Input
          {...common}
          type="tel"
          inputMode="numeric"
          maxLength={11}
          prefix={<MobileOutlined />}
          autoComplete="tel"
        />
      ) : (
        <Input {...common} prefix={<UserOutlined />} autoComplete="username" />
      )}
      {children}
      {fields.fieldError(name)}
    </div>
  );
}

/** Props of {@link AuthSmsField}: the form's fields, the code field and how a code is asked for. */
export interface AuthSmsFieldProps<F extends string> {
  fields: LoginFields<F>;
  name: F;
  placeholder: string;
  /** Asks the server for a code; resolves true when it was sent. */
  onSend: () => Promise<boolean>;
  /** A code was sent just before this field appeared (ms epoch). */
  sentAt?: number | null;
  /** Prefix of the code input's and the send button's test ids. */
  testId: string;
}

/** The SMS code field of the sign-in pages (input, "get code" countdown) with its error line. */
export function AuthSmsField<F extends string>({
  fields,
  name,
  placeholder,
  onSend,
  sentAt,
  testId,
}: AuthSmsFieldProps<F>): ReactNode {
  return (
    <div className={styles.field}>
      <SmsCodeField
        value={fields.values[name]}
        onChange={fields.change(name)}
        placeholder={placeholder}
        invalid={Boolean(fields.errors[name])}
        onSend={onSend}
        sentAt={sentAt}
        testId={testId}
      />
      {fields.fieldError(name)}
    </div>
  );
}
