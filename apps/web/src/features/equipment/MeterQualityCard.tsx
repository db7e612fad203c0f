import { useMemo, type ReactNode } from 'react';
import { Alert, Card, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../platform/i18n/i18n';
import { useEnergyQuality } from './api';
import { formatMeasure } from './equipmentFormat';
import { equipmentRangeDays, type EquipmentRange } from './equipmentRange';
import { qualityRows, type QualityRow } from './meterQuality';

/**
 * Data quality of a meter's energy register over the range (today / 7 / 30 days): resets and
 * rollovers (counted) and spikes and drops (anomalies, not counted), newest first.
 */
export function MeterQualityCard({ id, range }: { id: string; range: EquipmentRange }): ReactNode {
  const { t, i18n } = useTranslation('equipment');
  const lang = toLanguage(i18n.language);
  const days = useMemo(() => equipmentRangeDays(range), [range]);
  const quality = useEnergyQuality(id, days[0]!, days[days.length - 1]!);
  const rows = useMemo(() => qualityRows(quality.data?.events ?? []), [quality.data]);
  const shown = quality.data?.events.length ?? 0;
  const total = quality.data?.total ?? 0;
  return (
    <Card
      size="small"
      title={t('ammeter.quality.title')}
      extra={
        total > shown && (
          <Typography.Text type="secondary">{t('ammeter.quality.more', { shown, total })}</Typography.Text>
        )
      }
      data-testid="meter-quality"
    >
      <Typography.Paragraph type="secondary">{t('ammeter.quality.help')}</Typography.Paragraph>
      {quality.isError && <Alert type="error" showIcon title={t('ammeter.chartError')} />}
      <Table<QualityRow>
        size="small"
        rowKey="key"
        loading={quality.isFetching}
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10 } : false}
        locale={{ emptyText: t('ammeter.quality.empty') }}
        columns={[
          {
            title: t('ammeter.quality.time'),
            dataIndex: 'ts',
            width: 170,
            render: (ts: number) => dayjs(ts).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            title: t('ammeter.quality.kind'),
            dataIndex: 'kind',
            render: (_: unknown, r) => (
              <Tag color={r.anomaly ? 'error' : 'processing'} data-testid={`quality-${r.kind}`}>
                {t(`ammeter.quality.kinds.${r.kind}`)}
              </Tag>
            ),
          },
          {
            title: t('ammeter.quality.before'),
            dataIndex: 'beforeKWh',
            align: 'right',
            render: (v: number) => formatMeasure(v, '', lang, 3),
          },
          {
            title: t('ammeter.quality.after'),
            dataIndex: 'afterKWh',
            align: 'right',
            render: (v: number) => formatMeasure(v, '', lang, 3),
          },
          {
            title: t('ammeter.quality.counted'),
            dataIndex: 'countedKWh',
            align: 'right',
            render: (v: number) => formatMeasure(v, '', lang, 3),
          },
        ]}
      />
    </Card>
  );
}
