import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { secondsToResend } from '../phoneLoginForm';
import styles from '../LoginPage.module.css';

export interface SmsCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  invalid: boolean;
  /** Asks the server for a code; resolves true when it was sent (the button then counts 60 s down). */
  onSend: () => Promise<boolean>;
  /** A code was sent just before this field appeared (ms epoch): the countdown starts from it. */
  sentAt?: number | null;
  testId: string;
}

/** A 6-digit SMS code input with the "get code" button counting down 60 s (like the phone sign-in tab). */
export function SmsCodeField({
  value,
  onChange,
  placeholder,
  invalid,
  onSend,
  sentAt: initialSentAt = null,
  testId,
}: SmsCodeFieldProps): ReactNode {
  const { t } = useTranslation('auth');
  const [sentAt, setSentAt] = useState<number | null>(initialSentAt);
  const [sending, setSending] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const wait = secondsToResend(sentAt, now);

  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  const send = async (): Promise<void> => {
    setSending(true);
    try {
      if (await onSend()) {
        setSentAt(Date.now());
        setNow(Date.now());
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.codeRow}>
      <Input
        size="large"
        name="smsCode"
        inputMode="numeric"
        maxLength={6}
        prefix={<MailOutlined />}
        placeholder={placeholder}
        autoComplete="one-time-code"
        value={value}
        status={invalid ? 'error' : undefined}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`${testId}-code`}
      />
      <Button
        size="large"
        className={styles.codeButton}
        disabled={wait > 0}
        loading={sending}
        onClick={() => void send()}
        data-testid={`${testId}-send-code`}
      >
        {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.getCode')}
      </Button>
    </div>
  );
}
