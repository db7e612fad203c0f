import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../platform/settings/appConfig';

export type ExceptionType = '403' | '404' | '500';

/** Exception page 403 / 404 / 500 (SPEC §2) with a back-home button. */
export function ExceptionPage({ type, detail }: { type: ExceptionType; detail?: string }): ReactNode {
  const { t } = useTranslation('exception');
  const navigate = useNavigate();
  return (
    <Result
      status={type}
      title={type}
      subTitle={detail ?? t(`${type}.description`)}
      style={{ paddingTop: 80 }}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)} data-testid="back-home">
          {t('backHome')}
        </Button>
      }
    />
  );
}

/** Menu screen `exception/403`. */
export function Exception403(): ReactNode {
  return <ExceptionPage type="403" />;
}
/** Menu screen `exception/404`. */
export function Exception404(): ReactNode {
  return <ExceptionPage type="404" />;
}
/** Menu screen `exception/500`. */
export function Exception500(): ReactNode {
  return <ExceptionPage type="500" />;
}
