import { useMemo, type ReactNode } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeCron, formatFireTime, nextFireTimes } from './cronSchedule';

/**
 * What an expression means: its description in the current language (cronstrue) and its next five
 * fire times (croner, Asia/Shanghai). Shows "invalid" when the expression is outside SPEC §5.
 */
export function CronPreview({ expression }: { expression: string }): ReactNode {
  const { t, i18n } = useTranslation('quartz');
  const description = useMemo(() => describeCron(expression, i18n.language), [expression, i18n.language]);
  const fires = useMemo(() => nextFireTimes(expression, 5), [expression]);
  if (!description)
    return (
      <Typography.Text type="danger" data-testid="cron-invalid">
        {t('cron.invalid')}
      </Typography.Text>
    );
  return (
    <div data-testid="cron-preview">
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        <Typography.Text strong>{t('cron.descriptionLabel')}</Typography.Text>
        <span data-testid="cron-description">{description}</span>
      </Typography.Paragraph>
      <Typography.Text strong>{t('cron.nextFiresLabel')}</Typography.Text>
      {fires.length === 0 ? (
        <Typography.Text type="warning"> {t('cron.neverFires')}</Typography.Text>
      ) : (
        <ol data-testid="cron-next-fires" style={{ margin: '4px 0 0', paddingInlineStart: 24 }}>
          {fires.map((d) => (
            <li key={d.getTime()}>{formatFireTime(d)}</li>
          ))}
        </ol>
      )}
    </div>
  );
}
