import type { ReactNode } from 'react';
import { Card, Col, Descriptions, Row, Statistic, Table, Tag, Typography, type DescriptionsProps } from 'antd';
import type { MonitorSnapshot } from '@ztj/contracts';
import { BrokerQueue } from './BrokerQueue';
import type { CardProps } from './monitorCardProps';
import { NONE, formatBytes, formatDelay, formatDuration, formatNumber } from './monitorFormat';

type Items = NonNullable<DescriptionsProps['items']>;
type TableRow = MonitorSnapshot['database']['largestTables'][number];

/** Two or more headline figures side by side (they wrap, never scroll, on a phone). */
function Figures({ items }: { items: { key: string; title: string; value: string; danger?: boolean }[] }): ReactNode {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
      {items.map((f) => (
        <Col key={f.key} xs={12} sm={Math.max(6, 24 / items.length)}>
          <Statistic
            title={f.title}
            value={f.value}
            data-testid={`monitor-${f.key}`}
            styles={{
              content: {
                fontSize: 20,
                overflowWrap: 'anywhere',
                ...(f.danger ? { color: 'var(--ant-color-error)' } : {}),
              },
            }}
          />
        </Col>
      ))}
    </Row>
  );
}

/** Details of a card: label and value, one column on a phone. */
function Details({ items }: { items: Items }): ReactNode {
  return <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={items} />;
}

/** A rate in units per second. */
const rate = (n: number | null, lang: string, t: CardProps['t']): string =>
  n === null ? NONE : t('perSecond', { value: formatNumber(n, lang, 1) });

/** Process: uptime, memory, event-loop delay, versions. */
export function ProcessCard({ s, lang, t }: CardProps): ReactNode {
  const p = s.process;
  return (
    <Card size="small" title={t('process.title')} data-testid="monitor-process">
      <Figures
        items={[
          { key: 'uptime', title: t('process.uptime'), value: formatDuration(p.uptimeSeconds, lang) },
          { key: 'rss', title: t('process.memory'), value: formatBytes(p.rssBytes, lang) },
        ]}
      />
      <Details
        items={[
          {
            key: 'heap',
            label: t('process.heap'),
            children: t('process.heapValue', {
              used: formatBytes(p.heapUsedBytes, lang),
              total: formatBytes(p.heapTotalBytes, lang),
            }),
          },
          {
            key: 'loop',
            label: t('process.eventLoop'),
            children: t('process.eventLoopValue', {
              mean: formatDelay(p.eventLoopDelaySeconds, lang),
              p99: formatDelay(p.eventLoopDelayP99Seconds, lang),
            }),
          },
          { key: 'app', label: t('process.appVersion'), children: p.appVersion },
          { key: 'node', label: t('process.nodeVersion'), children: p.nodeVersion },
          { key: 'pid', label: t('process.pid'), children: p.pid },
          { key: 'ws', label: t('process.websocketClients'), children: formatNumber(s.websocketClients, lang) },
        ]}
      />
    </Card>
  );
}

/** Database: size, connections, telemetry rows, largest tables. */
export function DatabaseCard({ s, lang, t }: CardProps): ReactNode {
  const d = s.database;
  const rows = formatNumber(d.telemetryRows, lang);
  const columns = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('database.table'),
      render: (v: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{v}</Typography.Text>,
    },
    {
      key: 'bytes',
      dataIndex: 'bytes',
      title: t('database.tableSize'),
      width: '28%',
      align: 'right' as const,
      render: (v: number) => formatBytes(v, lang),
    },
    {
      key: 'rows',
      dataIndex: 'rows',
      title: t('database.tableRows'),
      width: '26%',
      align: 'right' as const,
      render: (v: number) => formatNumber(v, lang),
    },
  ];
  return (
    <Card
      size="small"
      title={t('database.title')}
      extra={<Tag>{t(`database.engines.${d.engine}`)}</Tag>}
      data-testid="monitor-database"
    >
      <Figures
        items={[
          { key: 'db-size', title: t('database.size'), value: formatBytes(d.sizeBytes, lang) },
          { key: 'db-connections', title: t('database.connections'), value: formatNumber(d.connections, lang) },
          {
            key: 'telemetry-rows',
            title: t('database.telemetryRows'),
            value: d.telemetryRowsEstimated ? t('estimated', { value: rows }) : rows,
          },
        ]}
      />
      <Details items={[{ key: 'version', label: t('database.serverVersion'), children: d.serverVersion }]} />
      <Typography.Text strong>{t('database.largestTables')}</Typography.Text>
      <Table<TableRow>
        size="small"
        rowKey="name"
        pagination={false}
        tableLayout="fixed"
        columns={columns}
        dataSource={d.largestTables}
        style={{ marginTop: 8 }}
        data-testid="monitor-tables"
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('database.rowsHint')}
      </Typography.Paragraph>
    </Card>
  );
}

/** Broker: connected devices, messages per second in and out, what it drops and the queue an outage needs. */
export function BrokerCard({ s, lang, t }: CardProps): ReactNode {
  const b = s.broker;
  return (
    <Card
      size="small"
      title={t('broker.title')}
      extra={<Tag>{t(`broker.modes.${b.mode}`)}</Tag>}
      data-testid="monitor-broker"
    >
      <Figures
        items={[
          { key: 'mqtt-clients', title: t('broker.connectedClients'), value: formatNumber(b.connectedClients, lang) },
          { key: 'mqtt-in', title: t('broker.messagesIn'), value: rate(b.messagesInPerSecond, lang, t) },
          { key: 'mqtt-out', title: t('broker.messagesOut'), value: rate(b.messagesOutPerSecond, lang, t) },
        ]}
      />
      <Details
        items={[
          { key: 'in', label: t('broker.messagesInTotal'), children: formatNumber(b.messagesInTotal, lang) },
          { key: 'out', label: t('broker.messagesOutTotal'), children: formatNumber(b.messagesOutTotal, lang) },
        ]}
      />
      {b.mode !== 'embedded' && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t(`broker.hints.${b.mode}`)}
        </Typography.Paragraph>
      )}
      <BrokerQueue s={s} lang={lang} t={t} />
    </Card>
  );
}

/** Ingest: readings per second, batch latency, dead letters, queue depth. */
export function IngestCard({ s, lang, t }: CardProps): ReactNode {
  const i = s.ingest;
  return (
    <Card size="small" title={t('ingest.title')} data-testid="monitor-ingest">
      <Figures
        items={[
          { key: 'ingest-rate', title: t('ingest.rate'), value: rate(i.readingsPerSecond, lang, t) },
          { key: 'ingest-queue', title: t('ingest.queueDepth'), value: formatNumber(i.queueDepth, lang) },
          {
            key: 'ingest-latency',
            title: t('ingest.batchLatency'),
            value: formatDelay(i.batchLatencyMeanSeconds, lang),
          },
        ]}
      />
      <Details
        items={[
          {
            key: 'received',
            label: t('ingest.messagesReceived'),
            children: formatNumber(i.messagesReceivedTotal, lang),
          },
          { key: 'stored', label: t('ingest.readingsStored'), children: formatNumber(i.readingsStoredTotal, lang) },
          { key: 'batches', label: t('ingest.batches'), children: formatNumber(i.batchesTotal, lang) },
          {
            key: 'dead',
            label: t('ingest.deadLetters'),
            children: (
              <Typography.Text type={i.deadLettersTotal > 0 ? 'warning' : undefined}>
                {formatNumber(i.deadLettersTotal, lang)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** Job queue: waiting, active, failed, completed (not yet archived). */
export function JobsCard({ s, lang, t }: CardProps): ReactNode {
  const j = s.jobs;
  return (
    <Card size="small" title={t('jobs.title')} data-testid="monitor-jobs">
      <Figures
        items={[
          { key: 'jobs-waiting', title: t('jobs.waiting'), value: formatNumber(j.waiting, lang) },
          { key: 'jobs-active', title: t('jobs.active'), value: formatNumber(j.active, lang) },
          { key: 'jobs-failed', title: t('jobs.failed'), value: formatNumber(j.failed, lang), danger: j.failed > 0 },
          { key: 'jobs-completed', title: t('jobs.completed'), value: formatNumber(j.completed, lang) },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('jobs.hint')}
      </Typography.Paragraph>
    </Card>
  );
}
