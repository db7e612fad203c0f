import { useState, type ReactNode } from 'react';
import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useEquipmentRecord } from './api';
import { EquipmentHeader } from './EquipmentHeader';
import type { EquipmentRange } from './equipmentRange';
import { EnergyCard, PowerCard, RangeSwitch } from './MeterCharts';
import { MeterQualityCard } from './MeterQualityCard';
import { TariffCard } from './TariffCard';

/**
 * Chart screen of one meter: power over a switchable range (today / 7 / 30 days) and daily energy
 * bars; ammeters add energy and cost per tariff period; both list the register's data quality
 * (resets, rollovers, spikes and drops not counted). `kind` ammeter: `warehouse/AmmeterChart` (/warehouse/ammeter/chart/:id, kW); plug:
 * `warehouse/PlugChart` (/warehouse/plug/chart/:id, W).
 */
function MeterChartPage({ kind }: { kind: 'ammeter' | 'plug' }): ReactNode {
  const { t } = useTranslation('equipment');
  const { id = '' } = useParams();
  const record = useEquipmentRecord(id);
  const [range, setRange] = useState<EquipmentRange>('today');
  return (
    <Card data-testid={`${kind}-chart-page`}>
      <EquipmentHeader
        title={t(kind === 'ammeter' ? 'ammeter.chartTitle' : 'plug.chartTitle')}
        record={record.data}
        back={`/warehouse/${kind}`}
        extra={<RangeSwitch value={range} onChange={setRange} />}
      />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <PowerCard id={id} range={range} unit={kind === 'ammeter' ? 'kW' : 'W'} />
        <EnergyCard id={id} range={range} />
        {kind === 'ammeter' && <TariffCard id={id} range={range} />}
        <MeterQualityCard id={id} range={range} />
      </Space>
    </Card>
  );
}

/** `warehouse/AmmeterChart`. */
export function AmmeterChartPage(): ReactNode {
  return <MeterChartPage kind="ammeter" />;
}

/** `warehouse/PlugChart`. */
export function PlugChartPage(): ReactNode {
  return <MeterChartPage kind="plug" />;
}
