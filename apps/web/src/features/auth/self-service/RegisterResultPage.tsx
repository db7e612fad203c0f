import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { UserLoginLayout } from '../../../layouts/UserLoginLayout';
import { LOGIN_PATH } from '../../../platform/settings/appConfig';

/**
 * Registration result (/user/register-result): "your account <name> is
 * registered", how to sign in, and a button to the sign-in page.
 */
export function RegisterResultPage(): ReactNode {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const username = params.get('account');
  return (
    <UserLoginLayout>
      <Result
        status="success"
        title={
          <span data-testid="register-result-title">
            {username ? t('result.title', { username }) : t('result.titleNoName')}
          </span>
        }
        subTitle={t('result.description')}
        extra={
          <Button
            type="primary"
            size="large"
            onClick={() => void navigate(LOGIN_PATH)}
            data-testid="register-result-login"
          >
            {t('result.signIn')}
          </Button>
        }
        data-testid="register-result"
      />
    </UserLoginLayout>
  );
}
