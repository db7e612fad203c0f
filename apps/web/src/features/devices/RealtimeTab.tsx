import { useMemo, type ReactNode } from 'react';
import { Alert, Badge, Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../platform/i18n/i18n';
import { useDeviceReal } from './api';
import { mergeValues } from './deviceLive';
import { formatParameterValue, formatReportTime, parameterName } from './parameterFormat';
import { useDeviceLive } from './useDeviceLive';
import styles from './devices.module.css';

/** Real-time values of one device: the server's latest reading patched with live telemetry. */
export function RealtimeTab({ deviceId }: { deviceId: string }): ReactNode {
  const { t, i18n } = useTranslation('devices');
  const lang = toLanguage(i18n.language);
  const ids = useMemo(() => [deviceId], [deviceId]);
  const { live, connected, pollMs } = useDeviceLive(ids);
  const real = useDeviceReal(deviceId, pollMs);
  const entry = live.get(deviceId);
  const fresh = entry !== undefined && (real.data?.ts ?? 0) < entry.reading.ts;
  const values = useMemo(() => {
    const base = real.data?.values ?? [];
    return fresh && entry ? mergeValues(base, entry.reading.values) : base;
  }, [real.data, entry, fresh]);
  const ts = fresh && entry ? entry.reading.ts : (real.data?.ts ?? null);

  if (real.isLoading) return <Skeleton active />;
  if (real.isError) return <Alert type="error" showIcon title={t('realtime.error')} />;
  return (
    <div data-testid="realtime-tab">
      <Typography.Paragraph>
        <Badge status={connected ? 'processing' : 'default'} text={connected ? t('live.on') : t('live.polling')} />
        <span style={{ marginInlineStart: 16 }}>
          {t('list.columns.lastReportTime')}:{' '}
          <span
            key={fresh && entry ? entry.arrivedAt : 'server'}
            className={fresh ? styles.flash : undefined}
            data-testid="realtime-time"
          >
            {formatReportTime(ts)}
          </span>
        </span>
      </Typography.Paragraph>
      {values.length === 0 ? (
        <Empty description={t('realtime.empty')} />
      ) : (
        <Row gutter={[12, 12]}>
          {values.map((v) => (
            <Col key={v.code} xs={12} sm={8} md={6} xl={4}>
              <Card size="small">
                <Statistic
                  title={parameterName(v.code, lang)}
                  value={formatParameterValue(v.code, v.value, lang)}
                  valueStyle={{ fontSize: 20 }}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
