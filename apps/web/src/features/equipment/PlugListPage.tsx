import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EQUIPMENT_PERMS, type EquipmentFamily, type EquipmentRecord } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { toLanguage } from '../../platform/i18n/i18n';
import { usePermission } from '../../platform/permissions/usePermission';
import { useSwitchPlug } from './api';
import { commandFailed, commandSent } from './commandFeedback';
import { equipmentColumns } from './equipmentColumns';
import { formatMeasure } from './equipmentFormat';
import { plugView, settlePending, toValueMap, type Pending } from './equipmentView';
import { EquipmentListShell } from './EquipmentListShell';
import { useEquipmentList } from './useEquipmentList';

const PLUGS: readonly EquipmentFamily[] = ['smartPlug'];
/** Longest wait for a switched plug to report its new state, ms. */
const PENDING_MAX_MS = 60_000;

/**
 * Plug list (`warehouse/PlugList`, /warehouse/plug; SPEC §2 warehouse): relay state with a switch
 * that asks for confirmation (`plug:switch`; an offline plug is refused with the server's message),
 * live state, power, energy, current and overload from the telemetry WebSocket; chart and history.
 */
export function PlugListPage(): ReactNode {
  const { t, i18n } = useTranslation('equipment');
  const lang = toLanguage(i18n.language);
  const navigate = useNavigate();
  const { can } = usePermission();
  const equipment = useEquipmentList(PLUGS, '/warehouse/plug');
  const switchPlug = useSwitchPlug();
  const [pending, setPending] = useState<Pending>({});
  const rows = equipment.list.rows;
  useEffect(() => setPending((p) => settlePending(p, rows)), [rows]);

  const confirmSwitch = (row: EquipmentRecord, on: boolean): void => {
    const name = row.alias || row.name;
    feedback().modal.confirm({
      title: t(on ? 'plug.confirmOn' : 'plug.confirmOff', { name }),
      content: t('plug.confirmContent', { id: row.id }),
      okText: t(on ? 'plug.switchOn' : 'plug.switchOff'),
      okButtonProps: { danger: !on, 'data-testid': 'confirm-ok' } as never,
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const result = await switchPlug.mutateAsync({ id: row.id, on });
          commandSent(result.delivered);
          setPending((p) => ({ ...p, [row.id]: on }));
          // a plug that does not report the new state within a minute stops spinning (its state stays as reported)
          setTimeout(
            () =>
              setPending((p) =>
                row.id in p ? Object.fromEntries(Object.entries(p).filter(([k]) => k !== row.id)) : p,
              ),
            PENDING_MAX_MS,
          );
        } catch (error) {
          commandFailed(error);
        }
      },
    });
  };

  const canSwitch = can(EQUIPMENT_PERMS.plugSwitch);
  const columns = useMemo(
    () =>
      equipmentColumns(
        t,
        [
          {
            title: t('plug.state'),
            key: 'state',
            width: 110,
            render: (_: unknown, row: EquipmentRecord) => {
              const v = plugView(toValueMap(row.values));
              return (
                <Space orientation="vertical" size={2}>
                  <Switch
                    checked={v.on === true}
                    disabled={!canSwitch}
                    loading={row.id in pending}
                    checkedChildren={t('plug.on')}
                    unCheckedChildren={v.on === null ? t('plug.unknown') : t('plug.off')}
                    onClick={(_checked, e) => {
                      e.stopPropagation();
                      confirmSwitch(row, v.on !== true);
                    }}
                    data-testid={`plug-switch-${row.id}`}
                  />
                  <span data-testid={`plug-state-${row.id}`} style={{ fontSize: 12 }}>
                    {v.on === null ? t('plug.unknown') : v.on ? t('plug.on') : t('plug.off')}
                  </span>
                </Space>
              );
            },
          },
          {
            title: t('plug.power'),
            key: 'power',
            // shown on phones too: the switch and its power are what this list is for
            responsive: ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'],
            render: (_: unknown, row: EquipmentRecord) => {
              const v = plugView(toValueMap(row.values));
              return (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong data-testid={`plug-power-${row.id}`}>
                    {formatMeasure(v.powerW, 'W', lang, 1)}
                  </Typography.Text>
                  {v.overload && (
                    <Tag color="error" data-testid={`plug-overload-${row.id}`}>
                      {t('plug.overload')}
                    </Tag>
                  )}
                </Space>
              );
            },
          },
          {
            title: t('plug.current'),
            key: 'current',
            responsive: ['md'],
            render: (_: unknown, row: EquipmentRecord) =>
              formatMeasure(plugView(toValueMap(row.values)).currentA, 'A', lang),
          },
          {
            title: t('plug.energy'),
            key: 'energy',
            responsive: ['md'],
            render: (_: unknown, row: EquipmentRecord) =>
              formatMeasure(plugView(toValueMap(row.values)).energyKwh, 'kWh', lang),
          },
          {
            title: t('plug.overload'),
            key: 'overload',
            width: 90,
            responsive: ['lg'],
            render: (_: unknown, row: EquipmentRecord) =>
              plugView(toValueMap(row.values)).overload ? (
                <Tag color="error">{t('plug.overload')}</Tag>
              ) : (
                <Tag>{t('plug.normal')}</Tag>
              ),
          },
        ],
        (row) => (
          <Space size={0} wrap>
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(`/warehouse/plug/chart/${encodeURIComponent(row.id)}`)}
            >
              {t('common.chart')}
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(`/warehouse/plug/history/${encodeURIComponent(row.id)}`)}
            >
              {t('common.history')}
            </Button>
          </Space>
        ),
        90,
      ),
    // confirmSwitch closes over t and the mutation only
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, lang, pending, canSwitch, navigate],
  );

  return <EquipmentListShell testId="plug-list" equipment={equipment} columns={columns} emptyText={t('plug.empty')} />;
}
