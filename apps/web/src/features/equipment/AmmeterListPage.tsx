import { useMemo, type ReactNode } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EQUIPMENT_PERMS, type EquipmentFamily, type EquipmentRecord } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { toLanguage } from '../../platform/i18n/i18n';
import { Authorized } from '../../platform/permissions/Authorized';
import { useResponsive } from '../../platform/responsive/useResponsive';
import { useReadMeter } from './api';
import { equipmentColumns } from './equipmentColumns';
import { formatMeasure } from './equipmentFormat';
import { ammeterView, toValueMap } from './equipmentView';
import { EquipmentListShell } from './EquipmentListShell';
import { commandFailed } from './commandFeedback';
import { useEquipmentList } from './useEquipmentList';

const AMMETERS: readonly EquipmentFamily[] = ['ammeter1p', 'ammeter3p'];

/**
 * Ammeter list (`warehouse/AmmeterList`, /warehouse/ammeter; SPEC §2 warehouse): single- and
 * three-phase meters with their latest V, A, kW, kWh and power factor (live, primary side: the
 * server applies CT × PT as for the chart and report, the ratio shown under the power), store and status;
 * chart and configuration per meter, "read now" (`ammeter:read`).
 */
export function AmmeterListPage(): ReactNode {
  const { t, i18n } = useTranslation('equipment');
  const lang = toLanguage(i18n.language);
  const navigate = useNavigate();
  const { isMobile } = useResponsive();
  const equipment = useEquipmentList(AMMETERS, '/warehouse/ammeter');
  const read = useReadMeter();
  const go = (path: string, row: EquipmentRecord): void =>
    void navigate(`/warehouse/ammeter/${path}/${encodeURIComponent(row.id)}`);

  const readNow = (row: EquipmentRecord): void => {
    read.mutate(
      { id: row.id },
      { onSuccess: () => feedback().message.success(t('ammeter.readSent')), onError: (e) => commandFailed(e) },
    );
  };

  const columns = useMemo(
    () =>
      equipmentColumns(
        t,
        [
          {
            title: t('ammeter.power'),
            key: 'power',
            render: (_: unknown, row: EquipmentRecord) => {
              const v = ammeterView(toValueMap(row.values));
              return (
                <Space orientation="vertical" size={0} data-testid={`ammeter-power-${row.id}`}>
                  <Typography.Text strong>{formatMeasure(v.powerKw, 'kW', lang, 3)}</Typography.Text>
                  {row.ratio !== undefined && row.ratio !== 1 && (
                    <Typography.Text type="secondary" data-testid={`ammeter-ratio-${row.id}`}>
                      {t('ammeter.ratio', { ratio: row.ratio })}
                    </Typography.Text>
                  )}
                  {v.powered === false && <Tag color="error">{t('ammeter.powerCut')}</Tag>}
                  {isMobile && (
                    <Typography.Text type="secondary">{formatMeasure(v.energyKwh, 'kWh', lang)}</Typography.Text>
                  )}
                </Space>
              );
            },
          },
          {
            title: t('ammeter.energy'),
            key: 'energy',
            responsive: ['md'],
            render: (_: unknown, row: EquipmentRecord) =>
              formatMeasure(ammeterView(toValueMap(row.values)).energyKwh, 'kWh', lang),
          },
          {
            title: t('ammeter.voltage'),
            key: 'voltage',
            responsive: ['md'],
            render: (_: unknown, row: EquipmentRecord) => {
              const v = ammeterView(toValueMap(row.values));
              return (
                <Space orientation="vertical" size={0}>
                  <span>{formatMeasure(v.voltageV, 'V', lang, 1)}</span>
                  {v.phasesBC && (
                    <Typography.Text type="secondary">
                      {v.phasesBC.voltageV.map((x) => formatMeasure(x, 'V', lang, 1)).join(' / ')}
                    </Typography.Text>
                  )}
                </Space>
              );
            },
          },
          {
            title: t('ammeter.current'),
            key: 'current',
            responsive: ['md'],
            render: (_: unknown, row: EquipmentRecord) => {
              const v = ammeterView(toValueMap(row.values));
              return (
                <Space orientation="vertical" size={0}>
                  <span>{formatMeasure(v.currentA, 'A', lang)}</span>
                  {v.phasesBC && (
                    <Typography.Text type="secondary">
                      {v.phasesBC.currentA.map((x) => formatMeasure(x, 'A', lang)).join(' / ')}
                    </Typography.Text>
                  )}
                </Space>
              );
            },
          },
          {
            title: t('ammeter.powerFactor'),
            key: 'pf',
            width: 80,
            responsive: ['lg'],
            render: (_: unknown, row: EquipmentRecord) =>
              formatMeasure(ammeterView(toValueMap(row.values)).powerFactor, '', lang),
          },
        ],
        (row) => (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => go('chart', row)} data-testid={`chart-${row.id}`}>
              {t('common.chart')}
            </Button>
            <Button type="link" size="small" onClick={() => go('config', row)} data-testid={`config-${row.id}`}>
              {t('common.config')}
            </Button>
            <Authorized action={EQUIPMENT_PERMS.readMeter}>
              <Button type="link" size="small" onClick={() => readNow(row)}>
                {t('ammeter.readMeter')}
              </Button>
            </Authorized>
          </Space>
        ),
        110,
      ),
    // go and readNow close over navigate and the mutation only
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang, isMobile],
  );

  return (
    <EquipmentListShell testId="ammeter-list" equipment={equipment} columns={columns} emptyText={t('ammeter.empty')} />
  );
}
