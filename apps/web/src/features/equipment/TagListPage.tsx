import { useMemo, type ReactNode } from 'react';
import { Progress, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EquipmentFamily, EquipmentRecord } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { equipmentColumns } from './equipmentColumns';
import { formatMeasure, NO_VALUE } from './equipmentFormat';
import { rssiLevel, tagView, toValueMap } from './equipmentView';
import { EquipmentListShell } from './EquipmentListShell';
import { useEquipmentList } from './useEquipmentList';

const TAGS: readonly EquipmentFamily[] = ['bleTag'];
const RSSI_COLOR = { good: 'success', fair: 'warning', poor: 'error' } as const;

/**
 * Tag list (`warehouse/TagList`, /warehouse/tag; SPEC §2 warehouse): BLE tags with the gateway
 * that relays them, temperature (°C) and humidity (%RH), battery (%), RSSI (dBm) and status, live.
 */
export function TagListPage(): ReactNode {
  const { t, i18n } = useTranslation('equipment');
  const lang = toLanguage(i18n.language);
  const equipment = useEquipmentList(TAGS, '/warehouse/tag');

  const columns = useMemo(
    () =>
      equipmentColumns(t, [
        {
          title: t('tag.temperature'),
          key: 'temperature',
          render: (_: unknown, row: EquipmentRecord) => {
            const v = tagView(toValueMap(row.values));
            return (
              <Space orientation="vertical" size={0} data-testid={`tag-values-${row.id}`}>
                <strong>{formatMeasure(v.temperatureC, '°C', lang, 1)}</strong>
                <span>{formatMeasure(v.humidity, '%RH', lang, 1)}</span>
              </Space>
            );
          },
        },
        {
          title: t('tag.gateway'),
          dataIndex: 'gatewayId',
          key: 'gatewayId',
          responsive: ['md'],
          render: (v: string | null) => v ?? NO_VALUE,
        },
        {
          title: t('tag.battery'),
          key: 'battery',
          width: 120,
          responsive: ['sm'],
          render: (_: unknown, row: EquipmentRecord) => {
            const b = tagView(toValueMap(row.values)).batteryPct;
            return b === null ? (
              NO_VALUE
            ) : (
              <Progress percent={Math.round(b)} size="small" status={b < 20 ? 'exception' : 'normal'} />
            );
          },
        },
        {
          title: t('tag.rssi'),
          key: 'rssi',
          width: 120,
          responsive: ['md'],
          render: (_: unknown, row: EquipmentRecord) => {
            const r = tagView(toValueMap(row.values)).rssiDbm;
            const level = rssiLevel(r);
            return level === null ? (
              NO_VALUE
            ) : (
              <Tag
                color={RSSI_COLOR[level]}
              >{`${formatMeasure(r, 'dBm', lang, 0)} · ${t(`tag.rssiLevel.${level}`)}`}</Tag>
            );
          },
        },
      ]),
    [t, lang],
  );

  return <EquipmentListShell testId="tag-list" equipment={equipment} columns={columns} emptyText={t('tag.empty')} />;
}
