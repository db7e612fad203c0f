import { useMemo, type ReactNode } from 'react';
import { Alert, Card, Empty, Segmented, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '../../platform/i18n/i18n';
import { usePower, useDailyEnergy } from './api';
import { EquipmentChart, type EquipmentChartOption } from './EquipmentChart';
import { formatMeasure } from './equipmentFormat';
import {
  EQUIPMENT_RANGES,
  energyBars,
  equipmentRangeDays,
  equipmentRangeSpan,
  type EquipmentRange,
} from './equipmentRange';

/** The range switch of the equipment charts: today, last 7 days, last 30 days. */
export function RangeSwitch({
  value,
  onChange,
}: {
  value: EquipmentRange;
  onChange: (r: EquipmentRange) => void;
}): ReactNode {
  const { t } = useTranslation('equipment');
  return (
    <Segmented<EquipmentRange>
      value={value}
      onChange={onChange}
      options={EQUIPMENT_RANGES.map((r) => ({ value: r, label: t(`common.range.${r}`) }))}
      data-testid="equipment-range"
    />
  );
}

interface MeterChartProps {
  id: string;
  range: EquipmentRange;
  /** Power shown in kW (ammeters) or W (plugs). */
  unit: 'kW' | 'W';
}

/** Active power (P053 × CT × PT) of a meter or plug over the range: a zoomable line. */
export function PowerCard({ id, range, unit }: MeterChartProps): ReactNode {
  const { t, i18n } = useTranslation('equipment');
  const lang = toLanguage(i18n.language);
  // the span moves with the clock only when the range changes (a new query per minute is not wanted)
  const span = useMemo(() => equipmentRangeSpan(range), [range]);
  const power = usePower(id, span.beginTime, span.endTime);
  const divisor = unit === 'kW' ? 1000 : 1;
  const points = useMemo(
    () => (power.data?.series.points ?? []).map(([ts, w]) => [ts, w / divisor] as [number, number]),
    [power.data, divisor],
  );
  const option = useMemo<EquipmentChartOption>(
    () => ({
      animation: false,
      grid: { left: 56, right: 16, top: 32, bottom: 64 },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v) => formatMeasure(typeof v === 'number' ? v : null, unit, lang, 3),
      },
      xAxis: { type: 'time', min: span.beginTime, max: span.endTime, axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', name: unit, scale: true },
      dataZoom: [
        { type: 'inside' },
        { type: 'slider', height: 20, bottom: 12, labelFormatter: (v: number) => dayjs(v).format('MM-DD HH:mm') },
      ],
      series: [
        {
          type: 'line',
          name: t('plug.power'),
          showSymbol: false,
          sampling: 'lttb',
          data: points,
          areaStyle: { opacity: 0.12 },
          lineStyle: { width: 1.5 },
        },
      ],
    }),
    [points, span, unit, lang, t],
  );
  const ratio = power.data?.ratio ?? 1;
  return (
    <Card
      size="small"
      title={unit === 'kW' ? t('ammeter.powerChart') : `${t('plug.power')} (W)`}
      extra={ratio !== 1 && <Typography.Text type="secondary">{t('ammeter.ratio', { ratio })}</Typography.Text>}
    >
      {power.isError && <Alert type="error" showIcon title={t('ammeter.chartError')} />}
      <Spin spinning={power.isFetching}>
        {!power.isLoading && points.length === 0 ? (
          <Empty description={t('ammeter.chartEmpty')} />
        ) : (
          <EquipmentChart option={option} testId="power-chart" />
        )}
      </Spin>
    </Card>
  );
}

/** Daily energy (kWh × CT × PT per tenant day) of a meter or plug: bars per day with the range total. */
export function EnergyCard({ id, range }: Omit<MeterChartProps, 'unit'>): ReactNode {
  const { t, i18n } = useTranslation('equipment');
  const lang = toLanguage(i18n.language);
  const days = useMemo(() => equipmentRangeDays(range), [range]);
  const energy = useDailyEnergy(id, days[0], days[days.length - 1]);
  const bars = useMemo(() => {
    const meter = energy.data?.meters.find((m) => m.id === id);
    const rows = (energy.data?.dates ?? []).map((day, i) => ({ day, kwh: meter?.days[i] ?? null }));
    return energyBars(days, rows);
  }, [energy.data, id, days]);
  const option = useMemo<EquipmentChartOption>(
    () => ({
      animation: false,
      grid: { left: 56, right: 16, top: 32, bottom: 40 },
      tooltip: { trigger: 'axis', valueFormatter: (v) => formatMeasure(typeof v === 'number' ? v : null, 'kWh', lang) },
      legend: bars.series.length > 1 ? { top: 0 } : undefined,
      xAxis: { type: 'category', data: bars.days.map((d) => d.slice(5)), axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', name: 'kWh' },
      series: bars.series.map((s) => ({
        type: 'bar',
        name: s.name === 'total' ? t('ammeter.energy') : t(`ammeter.tariff.${s.name}`),
        stack: 'energy',
        data: s.data,
        barMaxWidth: 28,
      })),
    }),
    [bars, lang, t],
  );
  const empty = !energy.isLoading && bars.series.every((s) => s.data.every((v) => v === null));
  return (
    <Card
      size="small"
      title={t('ammeter.energyChart')}
      extra={
        <Typography.Text data-testid="energy-total">
          {t('ammeter.total', { value: formatMeasure(bars.totalKwh, '', lang) })}
        </Typography.Text>
      }
    >
      {energy.isError && <Alert type="error" showIcon title={t('ammeter.chartError')} />}
      <Spin spinning={energy.isFetching}>
        {empty ? (
          <Empty description={t('ammeter.energyEmpty')} />
        ) : (
          <EquipmentChart option={option} testId="energy-chart" />
        )}
      </Spin>
    </Card>
  );
}
