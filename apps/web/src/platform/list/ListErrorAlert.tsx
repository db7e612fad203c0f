import { Alert, Button } from 'antd';

/** Props of {@link ListErrorAlert}. */
export interface ListErrorAlertProps {
  /** The load error, or null/undefined when the list loaded (nothing is shown). */
  error: Error | null | undefined;
  /** Translated title, e.g. "the list could not be loaded". */
  title: string;
  /** Translated text of the retry button. */
  retryText: string;
  onRetry: () => void;
  testId?: string;
}

/** The error state above a list whose page failed to load: the message and a retry button. */
export function ListErrorAlert({ error, title, retryText, onRetry, testId }: ListErrorAlertProps) {
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title={title}
      description={error.message}
      action={
        <Button size="small" onClick={onRetry}>
          {retryText}
        </Button>
      }
      data-testid={testId}
    />
  );
}
