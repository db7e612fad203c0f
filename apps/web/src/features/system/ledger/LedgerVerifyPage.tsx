import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Descriptions, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { LedgerChain, LedgerChainReport, LedgerProblem } from '@ztj/contracts';
import { useLedgerVerify } from './api';

const time = (ms: number | null): string => (ms === null ? '—' : dayjs(ms).format('YYYY-MM-DD HH:mm:ss'));

/** Labels of the chains and problems (typed so a missing one is a compile error). */
function labels(t: TFunction): { chains: Record<LedgerChain, string>; problems: Record<LedgerProblem, string> } {
  return {
    chains: {
      telemetry: t('chains.telemetry'),
      alarmRecord: t('chains.alarmRecord'),
      report: t('chains.report'),
      audit: t('chains.audit'),
    },
    problems: {
      seqGap: t('problems.seqGap'),
      prevHash: t('problems.prevHash'),
      entryHash: t('problems.entryHash'),
      content: t('problems.content'),
      rowChanged: t('problems.rowChanged'),
      rowMissing: t('problems.rowMissing'),
      unlinked: t('problems.unlinked'),
      head: t('problems.head'),
    },
  };
}

/** A long hash or value, breakable so it never widens a 375 px screen. */
const Mono = ({ v }: { v: string | null }): ReactNode => (
  <Typography.Text code style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
    {v ?? '—'}
  </Typography.Text>
);

/** One chain: state, counts, documented gaps and, when broken, its first broken link. */
function ChainCard({ c, t }: { c: LedgerChainReport; t: TFunction }): ReactNode {
  const l = labels(t);
  const b = c.firstBreak;
  return (
    <Card
      size="small"
      data-testid={`ledger-chain-${c.chain}`}
      data-state={c.intact ? 'intact' : 'broken'}
      title={l.chains[c.chain]}
      extra={<Tag color={c.intact ? 'success' : 'error'}>{c.intact ? t('intact') : t('broken')}</Tag>}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t(`hints.${c.chain}`)}
      </Typography.Paragraph>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('fields.entries')}>{c.entries}</Descriptions.Item>
        <Descriptions.Item label={t('fields.rows')}>{c.rows}</Descriptions.Item>
        <Descriptions.Item label={t('fields.lastTime')}>{time(c.lastTime)}</Descriptions.Item>
        {c.unchained > 0 && (
          <Descriptions.Item label={t(`fields.unchained.${c.chain === 'telemetry' ? 'telemetry' : 'records'}`)}>
            {c.unchained}
          </Descriptions.Item>
        )}
        {c.pruned > 0 && <Descriptions.Item label={t('fields.pruned')}>{c.pruned}</Descriptions.Item>}
      </Descriptions>
      {c.gaps.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 8 }}
          message={t('gaps.title', { count: c.gaps.length })}
          description={c.gaps.map((g) => (
            <div key={g.partition}>
              {t('gaps.item', {
                partition: g.partition,
                from: time(g.from),
                to: time(g.to),
                rows: g.rows,
                time: time(g.time),
              })}
            </div>
          ))}
        />
      )}
      {b && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          data-testid={`ledger-break-${c.chain}`}
          message={t('firstBreak', { problem: l.problems[b.problem] })}
          description={
            <Descriptions size="small" column={1}>
              {b.entryId !== null && (
                <Descriptions.Item label={t('fields.entryId')}>
                  {b.entryId}
                  {b.seq !== null ? ` (#${b.seq})` : ''}
                </Descriptions.Item>
              )}
              {b.time !== null && <Descriptions.Item label={t('fields.time')}>{time(b.time)}</Descriptions.Item>}
              {b.ref !== null && (
                <Descriptions.Item label={t('fields.ref')}>
                  <Mono v={b.ref} />
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('fields.expected')}>
                <Mono v={b.expected} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.found')}>
                <Mono v={b.found} />
              </Descriptions.Item>
            </Descriptions>
          }
        />
      )}
    </Card>
  );
}

/**
 * Record integrity (`system/LedgerVerify`, /system/ledger): verifies the tenant's
 * hash chains (telemetry batches, alarm processing records, report generations, audit log) and
 * says "intact" or shows each chain's first broken link (entry, time, expected vs found).
 */
export function LedgerVerifyPage(): ReactNode {
  const { t } = useTranslation('ledger');
  const q = useLedgerVerify();
  const again = (
    <Button type="primary" loading={q.isFetching} onClick={() => void q.refetch()} data-testid="ledger-verify">
      {t('verify')}
    </Button>
  );
  if (q.isError && !q.data) {
    return <Result status="warning" title={t('loadError')} subTitle={q.error.message} extra={again} />;
  }
  const v = q.data;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="ledger-page">
      <Card size="small" title={t('summary')} extra={again}>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        {!v ? (
          <Skeleton active />
        ) : (
          <Alert
            type={v.intact ? 'success' : 'error'}
            showIcon
            data-testid="ledger-status"
            data-state={v.intact ? 'intact' : 'broken'}
            message={v.intact ? t('allIntact') : t('someBroken')}
            description={t('checkedAt', { time: time(v.checkedAt) })}
          />
        )}
      </Card>
      {v && (
        <Row gutter={[12, 12]}>
          {v.chains.map((c) => (
            <Col key={c.chain} xs={24} lg={12}>
              <ChainCard c={c} t={t} />
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );
}
