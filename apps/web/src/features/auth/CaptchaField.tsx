import type { ReactNode } from 'react';
import Input from 'antd/es/input/Input';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface CaptchaFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Data URL of the current image, null while loading. */
  image: string | null;
  onRefresh: () => void;
  invalid?: boolean;
}

/** Captcha input with its image; clicking the image fetches a new one (issue #2). */
export function CaptchaField({ value, onChange, image, onRefresh, invalid = false }: CaptchaFieldProps): ReactNode {
  const { t } = useTranslation('auth');
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Input
        size="large"
        prefix={<SafetyCertificateOutlined />}
        placeholder={t('login.captcha')}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        maxLength={16}
        status={invalid ? 'error' : undefined}
        autoComplete="off"
        data-testid="login-captcha"
      />
      <button
        type="button"
        onClick={onRefresh}
        title={t('login.refreshCaptcha')}
        style={{ width: 120, height: 40, padding: 0, border: '1px solid #d9d9d9', borderRadius: 8, background: '#fff', cursor: 'pointer', flex: 'none' }}
      >
        {image ? <img src={image} alt={t('login.captchaImage')} style={{ width: '100%', height: '100%', objectFit: 'contain' }} /> : <span aria-busy="true">…</span>}
      </button>
    </div>
  );
}
