import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Result, Row, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MONITOR_REFRESH_MS } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { useMonitorInfo } from './api';
import { BrokerCard, DatabaseCard, IngestCard, JobsCard, ProcessCard } from './MonitorCards';

const time = (iso: string): string => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

/**
 * Monitoring info (`modules/MonitorInfo`, /modules/monitor): the server's health
 * as an operator needs it — process, database, broker, ingest, job queue — refreshed every
 * MONITOR_REFRESH_MS from the server's real counters (the figures of `<base>/metrics`). Cards
 * stack on a phone; a failed refresh keeps the last figures and says so.
 */
export function MonitorInfoPage(): ReactNode {
  const { t, i18n } = useTranslation('monitor');
  const lang = toLanguage(i18n.language);
  const q = useMonitorInfo();
  const retry = (
    <Button onClick={() => void q.refetch()} loading={q.isFetching} data-testid="monitor-retry">
      {t('retry')}
    </Button>
  );
  if (q.isError && !q.data) {
    return (
      <Result
        status="warning"
        title={t('loadError')}
        subTitle={q.error.message}
        extra={retry}
        data-testid="monitor-error"
      />
    );
  }
  const s = q.data;
  if (!s) {
    return (
      <Card data-testid="monitor-loading">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const props = { s, lang, t };
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="monitor-page">
      <Typography.Text type="secondary" data-testid="monitor-updated">
        {t('updatedAt', { time: time(s.time), seconds: MONITOR_REFRESH_MS / 1000 })}
      </Typography.Text>
      {q.isError && (
        <Alert
          type="warning"
          showIcon
          message={t('staleError', { time: time(s.time), message: q.error.message })}
          action={retry}
          data-testid="monitor-stale"
        />
      )}
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12} xxl={8}>
          <ProcessCard {...props} />
        </Col>
        <Col xs={24} lg={12} xxl={8}>
          <IngestCard {...props} />
        </Col>
        <Col xs={24} lg={12} xxl={8}>
          <BrokerCard {...props} />
        </Col>
        <Col xs={24} lg={12} xxl={8}>
          <JobsCard {...props} />
        </Col>
        <Col xs={24} xxl={16}>
          <DatabaseCard {...props} />
        </Col>
      </Row>
    </Space>
  );
}
