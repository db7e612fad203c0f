import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../platform/settings/appConfig';

/**
 * The page of every screen the console does not have yet (menu components missing from the
 * registry, register/alteration pages): translated, with a back-home button, never blank.
 */
export function NotAvailablePage(): ReactNode {
  const { t } = useTranslation('result');
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={t('notAvailable.title')}
      subTitle={t('notAvailable.description')}
      style={{ paddingTop: 64 }}
      data-testid="not-available"
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('notAvailable.backHome')}
        </Button>
      }
    />
  );
}
