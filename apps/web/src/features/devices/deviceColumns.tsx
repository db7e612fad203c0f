import type { ReactNode } from 'react';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Breakpoint } from 'antd';
import { ThunderboltOutlined, WifiOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { DEVICE_PERMS, type DeviceRecord, type Language } from '@ztj/contracts';
import { Authorized } from '../../platform/permissions/Authorized';
import type { LiveMap } from './deviceLive';
import { ParameterValues } from './ParameterValues';
import { formatPower, formatReportTime, formatSignal } from './parameterFormat';
import { StatusTag } from './StatusTag';
import { ServiceExpiredTag } from '../logistics/subscriptions/ServiceExpiredTag';
import styles from './devices.module.css';

/** Row actions of the device list. */
export interface DeviceRowActions {
  detail: (row: DeviceRecord) => void;
  edit: (row: DeviceRecord) => void;
  alias: (row: DeviceRecord) => void;
  shutdown: (row: DeviceRecord) => void;
}

/** Report time with a short highlight when a live reading just arrived (key restarts the animation). */
function LiveTime({ row, live }: { row: DeviceRecord; live: LiveMap }): ReactNode {
  const entry = live.get(row.id);
  const fresh = entry !== undefined && entry.reading.ts === row.lastReportTime;
  return (
    <span
      key={fresh ? entry.arrivedAt : 'server'}
      className={fresh ? styles.flash : undefined}
      data-testid={`report-time-${row.id}`}
    >
      {formatReportTime(row.lastReportTime)}
    </span>
  );
}

/** Columns shown from tablets up (antd breakpoint md, 768 px): a phone shows name, status and actions. */
const BEYOND_PHONE: Breakpoint[] = ['md'];
/**
 * Model and group only on wide screens (xxl, 1600 px): at 1440 px with the side menu the other
 * columns fit without scrolling, so the fixed action column covers none of them.
 */
const WIDE_SCREENS: Breakpoint[] = ['xxl'];

/**
 * Columns of device tables (list, group picker, gateway sub-devices): name/alias, id, model,
 * status, latest values with units, battery and signal, report time; `actions` adds the
 * permission-checked action column (kept fixed on the right unless `fixActions` is false, as on phones).
 */
export function deviceColumns(
  t: TFunction,
  lang: Language,
  live: LiveMap,
  actions?: DeviceRowActions,
  fixActions = true,
): ColumnsType<DeviceRecord> {
  const columns: ColumnsType<DeviceRecord> = [
    {
      title: t('list.columns.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      width: 150,
      render: (_: unknown, row) => (
        <span>
          {actions ? (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => actions.detail(row)}>
              {row.alias || row.name}
            </Button>
          ) : (
            row.alias || row.name
          )}
          {row.alias && <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{row.name}</div>}
        </span>
      ),
    },
    { title: t('list.columns.id'), dataIndex: 'id', key: 'id', sorter: true, width: 130, responsive: BEYOND_PHONE },
    {
      title: t('list.columns.status'),
      dataIndex: 'status',
      key: 'status',
      width: 90,
      render: (_: unknown, row) => (
        <>
          <StatusTag status={row.status} />
          <ServiceExpiredTag deviceId={row.id} />
        </>
      ),
    },
    {
      title: t('list.columns.lastReportTime'),
      dataIndex: 'lastReportTime',
      key: 'lastReportTime',
      sorter: true,
      defaultSortOrder: undefined,
      width: 165,
      responsive: BEYOND_PHONE,
      render: (_: unknown, row) => <LiveTime row={row} live={live} />,
    },
    {
      title: t('list.columns.values'),
      key: 'values',
      width: 240,
      responsive: BEYOND_PHONE,
      render: (_: unknown, row) => {
        const entry = live.get(row.id);
        const fresh = entry !== undefined && entry.reading.ts === row.lastReportTime;
        return (
          <span
            key={fresh ? entry.arrivedAt : 'server'}
            className={fresh ? styles.flash : undefined}
            data-testid={`values-${row.id}`}
          >
            <ParameterValues values={row.values} lang={lang} />
          </span>
        );
      },
    },
    {
      title: t('list.columns.power'),
      dataIndex: 'power',
      key: 'power',
      sorter: true,
      width: 95,
      responsive: BEYOND_PHONE,
      render: (_: unknown, row) => (
        <Space size={4}>
          <ThunderboltOutlined style={{ color: row.charging ? '#52c41a' : undefined }} />
          {formatPower(row.power, lang)}
          {row.charging && <Tag color="green">{t('list.charging')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('list.columns.signal'),
      dataIndex: 'signal',
      key: 'signal',
      width: 95,
      responsive: BEYOND_PHONE,
      render: (_: unknown, row) => (
        <Space size={4}>
          <WifiOutlined />
          {formatSignal(row.signal, lang)}
        </Space>
      ),
    },
    { title: t('list.columns.model'), dataIndex: 'model', key: 'model', width: 130, responsive: WIDE_SCREENS },
    {
      title: t('list.columns.group'),
      dataIndex: 'groupName',
      key: 'groupName',
      width: 110,
      responsive: WIDE_SCREENS,
      render: (v: string | null) => v ?? '—',
    },
  ];
  if (!actions) return columns;
  columns.push({
    title: t('list.columns.actions'),
    key: 'actions',
    fixed: fixActions ? 'right' : undefined,
    // Unfixed (phones) the links wrap two to a line, beside name and status.
    width: fixActions ? 170 : 120,
    render: (_: unknown, row) => (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => actions.detail(row)} data-testid={`detail-${row.id}`}>
          {t('list.actions.detail')}
        </Button>
        <Authorized action={DEVICE_PERMS.edit}>
          <Button type="link" size="small" onClick={() => actions.edit(row)}>
            {t('list.actions.edit')}
          </Button>
        </Authorized>
        <Authorized action={DEVICE_PERMS.alias}>
          <Button type="link" size="small" onClick={() => actions.alias(row)}>
            {t('list.actions.alias')}
          </Button>
        </Authorized>
        <Authorized action={DEVICE_PERMS.shutdown}>
          <Tooltip title={t('list.actions.shutdownHint')}>
            <Button type="link" size="small" danger onClick={() => actions.shutdown(row)}>
              {t('list.actions.shutdown')}
            </Button>
          </Tooltip>
        </Authorized>
      </Space>
    ),
  });
  return columns;
}
