import type { ReactNode } from 'react';
import { Alert, Descriptions, Typography } from 'antd';
import { OUTAGE_QUEUE_SECONDS, queueForOutage } from '@ztj/contracts';
import type { CardProps } from './monitorCardProps';
import { formatBytes, formatNumber } from './monitorFormat';

/**
 * What the broker loses and the queue the ingest needs, inside the broker card.
 * External broker: the state of the reading of its own counters (`$SYS`), what it dropped (red with
 * the fix when above 0), what it holds, and the queue for an outage = the current ingest rate ×
 * seconds. Embedded broker: there is no broker queue to size (a device's reading is acknowledged
 * only once stored; while the server is down devices keep what they have not had acknowledged).
 */
export function BrokerQueue({ s, lang, t }: CardProps): ReactNode {
  const b = s.broker;
  if (b.mode === 'embedded')
    return (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="monitor-broker-queue">
        {t('broker.queue.embedded')}
      </Typography.Paragraph>
    );
  const e = b.external;
  if (b.mode !== 'external' || !e) return null;
  const clientIds = e.ingestClientId ? `${e.ingestClientId}-<i>` : t('broker.queue.randomClientId');
  const setting = e.kind === 'emqx' ? 'mqtt.max_mqueue_len' : 'max_queued_messages / max_queued_bytes';
  const dropped = e.droppedTotal;
  const rate = b.messagesInPerSecond;
  const sizes = OUTAGE_QUEUE_SECONDS.map((sec) =>
    t('broker.queue.size', { seconds: sec, messages: formatNumber(queueForOutage(rate, sec), lang) }),
  ).join(t('broker.queue.separator'));
  return (
    <div data-testid="monitor-broker-queue" style={{ marginTop: 8 }}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'state',
            label: t('broker.queue.counters'),
            children: (
              <span data-testid="monitor-broker-state">
                {t(`broker.queue.states.${e.state}`)}
                {e.kind ? ` · ${t(`broker.queue.kinds.${e.kind}`)}` : ''}
              </span>
            ),
          },
          {
            key: 'dropped',
            label: t('broker.queue.dropped'),
            children: (
              <Typography.Text
                type={dropped ? 'danger' : undefined}
                strong={!!dropped}
                data-testid="monitor-broker-dropped"
              >
                {formatNumber(dropped, lang)}
              </Typography.Text>
            ),
          },
          {
            key: 'store',
            label: t('broker.queue.stored'),
            children: t('broker.queue.storedValue', {
              messages: formatNumber(e.storeMessages, lang),
              bytes: formatBytes(e.storeBytes, lang),
            }),
          },
        ]}
      />
      {dropped ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="monitor-broker-drop-fix"
          title={t('broker.queue.dropFix', { dropped: formatNumber(dropped, lang), setting, clientIds })}
        />
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="monitor-broker-outage">
        {t('broker.queue.outage', { rate: formatNumber(rate, lang, 1), sizes, setting, clientIds })}
      </Typography.Paragraph>
    </div>
  );
}
