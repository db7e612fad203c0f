import { useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from './loginForm';
import styles from './LoginPage.module.css';

/** What {@link useLoginFields} gives a sign-in form. */
export interface LoginFields<F extends string> {
  values: Record<F, string>;
  setValues: Dispatch<SetStateAction<Record<F, string>>>;
  errors: Partial<Record<F, FieldMessage>>;
  setErrors: Dispatch<SetStateAction<Partial<Record<F, FieldMessage>>>>;
  /** Input handler of `field`: sets its value and clears its error. */
  change: (field: F) => (value: string) => void;
  /** The error line under `field` (test id `<testIdPrefix>-<field>-error`), translated. */
  fieldError: (field: F) => ReactNode;
}

/**
 * Values and field errors of a plain sign-in form (the account and the phone tab of the login
 * page): one text per field, its error cleared as it changes, error lines in the
 * `auth` namespace's words (a message key with params, or a server text as it came).
 */
export function useLoginFields<F extends string>(initial: Record<F, string>, testIdPrefix: string): LoginFields<F> {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, FieldMessage>>>({});
  const message = (m: FieldMessage | undefined): string | null => {
    if (!m) return null;
    if ('text' in m) return m.text;
    return t(m.key, { ...m.params, field: m.params?.field ? t(m.params.field) : undefined });
  };
  return {
    values,
    setValues,
    errors,
    setErrors,
    change: (field) => (value) => {
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
    fieldError: (field) => (
      <div className={styles.fieldError} role="alert" data-testid={`${testIdPrefix}-${field}-error`}>
        {message(errors[field])}
      </div>
    ),
  };
}
