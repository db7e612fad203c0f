import { useMemo, type ReactNode } from 'react';
import { Alert, Card, Empty, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TariffEnergy } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { useTariffEnergy } from './api';
import { formatMeasure } from './equipmentFormat';
import { equipmentRangeDays, type EquipmentRange } from './equipmentRange';

type PeriodRow = TariffEnergy['periods'][number];

/**
 * Energy (kWh × CT × PT) and cost (yuan) of an ammeter per tariff period (sharp/peak/flat/valley)
 * over the chosen range, with the totals; a meter without tariff periods shows only its total.
 */
export function TariffCard({ id, range }: { id: string; range: EquipmentRange }): ReactNode {
  const { t, i18n } = useTranslation('equipment');
  const lang = toLanguage(i18n.language);
  const days = useMemo(() => equipmentRangeDays(range), [range]);
  const tariff = useTariffEnergy(id, days[0], days[days.length - 1]);
  const data = tariff.data;
  return (
    <Card size="small" title={t('ammeter.tariffSplit')} data-testid="tariff-energy">
      {tariff.isError && <Alert type="error" showIcon title={t('ammeter.chartError')} />}
      <Spin spinning={tariff.isFetching}>
        {data && data.periods.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('ammeter.noTariff', { total: formatMeasure(data.totalKWh, 'kWh', lang) })}
          />
        ) : (
          <Table<PeriodRow>
            rowKey="name"
            size="small"
            pagination={false}
            dataSource={data?.periods ?? []}
            columns={[
              {
                title: t('ammeter.config.tariffName'),
                dataIndex: 'name',
                key: 'name',
                render: (v: PeriodRow['name']) => t(`ammeter.tariff.${v}`),
              },
              {
                title: t('ammeter.energy'),
                dataIndex: 'kWh',
                key: 'kWh',
                align: 'right',
                render: (v: number) => formatMeasure(v, 'kWh', lang),
              },
              {
                title: t('ammeter.cost'),
                dataIndex: 'cost',
                key: 'cost',
                align: 'right',
                render: (v: number) => formatMeasure(v, t('ammeter.yuan'), lang),
              },
            ]}
            summary={() =>
              data ? (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{t('ammeter.totalLabel')}</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {formatMeasure(data.totalKWh, 'kWh', lang)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {formatMeasure(data.totalCost, t('ammeter.yuan'), lang)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ) : null
            }
          />
        )}
      </Spin>
    </Card>
  );
}
