import type { ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../../../platform/settings/appConfig';
import { AuthField } from '../AuthField';
import type { LoginFields } from '../useLoginFields';
import { PasswordStrength } from './PasswordStrength';
import styles from './SelfService.module.css';

/**
 * The new password and its confirmation of a self-service form (SPEC §5 password rules): the
 * first with the strength meter. `testIds` are the two inputs' test ids.
 */
export function NewPasswordFields<F extends string>({
  fields,
  names,
  placeholders,
  testIds,
}: {
  fields: LoginFields<F>;
  /** The form's fields holding the password and the confirmation. */
  names: { password: F; confirm: F };
  placeholders: { password: string; confirm: string };
  testIds: { password: string; confirm: string };
}): ReactNode {
  return (
    <>
      <AuthField
        fields={fields}
        name={names.password}
        kind="newPassword"
        placeholder={placeholders.password}
        testId={testIds.password}
      >
        <PasswordStrength password={fields.values[names.password]} />
      </AuthField>
      <AuthField
        fields={fields}
        name={names.confirm}
        kind="newPassword"
        placeholder={placeholders.confirm}
        testId={testIds.confirm}
      />
    </>
  );
}

/** The refusal above a self-service form (translated text), or nothing. */
export function SelfServiceError({ error, testId }: { error: string | null; testId: string }): ReactNode {
  return error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 24 }} data-testid={testId} /> : null;
}

/** The full-width submit button of a self-service form; spins while `busy`. */
export function SelfServiceSubmit({
  busy,
  testId,
  children,
}: {
  busy: boolean;
  testId: string;
  children: ReactNode;
}): ReactNode {
  return (
    <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid={testId}>
      {children}
    </Button>
  );
}

/** The link back to the sign-in page below a self-service form. */
export function LoginLink({ testId, children }: { testId: string; children: ReactNode }): ReactNode {
  return (
    <div className={styles.links}>
      <Link to={LOGIN_PATH} data-testid={testId}>
        {children}
      </Link>
    </div>
  );
}
