import type { ReactNode } from 'react';
import { dayjs } from '../../platform/i18n/dayjsLocale';
import { useTranslation } from 'react-i18next';
import type { DashboardStats } from '@ztj/contracts';

/** Seven-day sign-in trend as small bars (no chart library: keeps the dashboard chunk small). */
export function LoginTrend({ trend }: { trend: DashboardStats['loginTrend'] }): ReactNode {
  const { t } = useTranslation('dashboard');
  const max = Math.max(1, ...trend.map((d) => d.count));
  if (trend.length === 0) return <div style={{ color: 'rgba(0,0,0,0.45)' }}>{t('logins.empty')}</div>;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="login-trend" aria-label={t('logins.title')}>
      {trend.map((d) => (
        <li key={d.day} style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '6px 0' }}>
          <span style={{ width: 96, flex: 'none', color: 'rgba(0,0,0,0.65)' }}>
            {dayjs(d.day).format(t('logins.dayFormat'))}
          </span>
          <span style={{ flex: 1, background: '#f5f5f5', height: 14, borderRadius: 7, overflow: 'hidden' }}>
            <span
              style={{
                display: 'block',
                height: '100%',
                width: `${(d.count / max) * 100}%`,
                minWidth: d.count > 0 ? 4 : 0,
                background: 'var(--ztj-primary, #1890ff)',
                borderRadius: 7,
              }}
            />
          </span>
          <span style={{ width: 48, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{d.count}</span>
        </li>
      ))}
    </ul>
  );
}
