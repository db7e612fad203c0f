import type { ReactNode } from 'react';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LoginInput } from '../../platform/plain-ui/LoginControls';

interface CaptchaFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Data URL of the current image, null while loading. */
  image: string | null;
  onRefresh: () => void;
  invalid?: boolean;
}

/** Captcha input with its image; clicking the image fetches a new one. */
export function CaptchaField({ value, onChange, image, onRefresh, invalid = false }: CaptchaFieldProps): ReactNode {
  const { t } = useTranslation('auth');
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <LoginInput
        prefix={<SafetyCertificateOutlined />}
        placeholder={t('login.captcha')}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        maxLength={16}
        invalid={invalid}
        autoComplete="off"
        data-testid="login-captcha"
      />
      <button
        type="button"
        onClick={onRefresh}
        title={t('login.refreshCaptcha')}
        // the frame is an inset shadow, not a border, so the 120×40 image is drawn 1:1 (a border
        // shrank it to 118×38 and blurred the glyphs)
        style={{
          width: 120,
          height: 40,
          padding: 0,
          border: 'none',
          boxShadow: 'inset 0 0 0 1px #d9d9d9',
          borderRadius: 8,
          background: '#fff',
          cursor: 'pointer',
          flex: 'none',
        }}
      >
        {image ? (
          <img
            src={image}
            alt={t('login.captchaImage')}
            width={120}
            height={40}
            style={{ display: 'block' }}
            data-testid="login-captcha-image"
          />
        ) : (
          <span aria-busy="true">…</span>
        )}
      </button>
    </div>
  );
}
