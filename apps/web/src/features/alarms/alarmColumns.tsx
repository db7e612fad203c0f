import type { ColumnsType } from 'antd/es/table';
import { Badge, Typography } from 'antd';
import { Link } from 'react-router';
import { ALARM_PERMS, type AlarmRecord, type Language } from '@ztj/contracts';
import { RowActions } from '../../platform/list/RowActions';
import { BackfillTag, ProcessedTag, SeverityTag, StatusTag } from './AlarmTags';
import {
  alarmTypeName,
  formatAlarmDuration,
  formatAlarmTime,
  formatAlarmValue,
  severityMeta,
  type AlarmT,
} from './alarmText';

/** Row actions of alarm tables. */
export interface AlarmRowActions {
  process: (row: AlarmRecord) => void;
  comments: (row: AlarmRecord) => void;
  view: (row: AlarmRecord) => void;
}

/** Options of {@link alarmColumns}. */
export interface AlarmColumnOptions {
  /** Leave out the device column (the device detail's own alarms tab). */
  withoutDevice?: boolean;
  /** Now, ms: the duration of an active alarm runs up to it. */
  now: number;
  /** A phone (< 768 px): the type moves under the device, so device and actions fit. */
  phone?: boolean;
}

/**
 * Columns of alarm tables (alarm list, gateway alarm list, device alarms tab; SPEC §2): device
 * (link to its detail), rule, type, severity in its colour, value / peak with unit, start and end
 * (device time), duration, status, flag, data (back-filled or live), processed and the actions — process (`alarm:process`;
 * a processed alarm may get another record that changes its result), comments, view.
 */
export function alarmColumns(
  t: AlarmT,
  lang: Language,
  actions: AlarmRowActions,
  options: AlarmColumnOptions,
): ColumnsType<AlarmRecord> {
  const columns: ColumnsType<AlarmRecord> = [
    {
      title: t('columns.device'),
      dataIndex: 'deviceName',
      key: 'deviceName',
      sorter: true,
      render: (_: unknown, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Link to={`/device/detail/${encodeURIComponent(row.deviceId)}`} data-testid={`alarm-device-${row.id}`}>
            {row.deviceName || row.deviceId}
          </Link>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.deviceId}
          </Typography.Text>
          {options.phone && (
            <>
              <br />
              <span data-testid={`alarm-type-${row.id}`}>
                <Badge color={severityMeta(row.severity).colour} text={alarmTypeName(row.alarmType, lang, t)} />
              </span>
            </>
          )}
        </span>
      ),
    },
    {
      title: t('columns.type'),
      dataIndex: 'alarmType',
      key: 'alarmType',
      render: (_: unknown, row) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid={`alarm-type-${row.id}`}>
          {/* the severity colour beside the type: phones show only device, type and actions */}
          <Badge color={severityMeta(row.severity).colour} text={alarmTypeName(row.alarmType, lang, t)} />
        </span>
      ),
    },
    {
      title: t('columns.severity'),
      dataIndex: 'severity',
      key: 'severity',
      sorter: true,
      render: (_: unknown, row) => <SeverityTag severity={row.severity} />,
    },
    // the rule only on wide screens (≥ 1600 px; the drawers show it): at 1440 px the other columns fit beside the fixed actions
    {
      title: t('columns.rule'),
      dataIndex: 'ruleName',
      key: 'ruleName',
      responsive: ['xxl'],
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{v}</span>,
    },
    {
      title: t('columns.value'),
      dataIndex: 'value',
      key: 'value',
      render: (_: unknown, row) => (
        <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatAlarmValue(row, row.value, lang)} / {formatAlarmValue(row, row.peak, lang)}
        </span>
      ),
    },
    {
      title: t('columns.start'),
      dataIndex: 'startTs',
      key: 'startTs',
      sorter: true,
      render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatAlarmTime(v)}</span>,
    },
    {
      title: t('columns.end'),
      dataIndex: 'endTs',
      key: 'endTs',
      sorter: true,
      render: (v: number | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatAlarmTime(v)}</span>,
    },
    {
      title: t('columns.duration'),
      key: 'duration',
      render: (_: unknown, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatAlarmDuration(row.startTs, row.endTs, options.now, t)}</span>
      ),
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      key: 'status',
      render: (_: unknown, row) => <StatusTag status={row.status} />,
    },
    {
      title: t('columns.flag'),
      dataIndex: 'flag',
      key: 'flag',
      render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{t(`flag.${v}`)}</span>,
    },
    {
      title: t('columns.backfill'),
      dataIndex: 'backfill',
      key: 'backfill',
      render: (_: unknown, row) => <BackfillTag alarm={row} />,
    },
    {
      title: t('columns.processed'),
      dataIndex: 'processed',
      key: 'processed',
      render: (_: unknown, row) => (
        <span data-testid={`alarm-processed-${row.id}`}>
          <ProcessedTag processed={row.processed} />
        </span>
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      fixed: 'right',
      // desktop: "Process | More ▾" needs more room in English than "处理 | 更多 ▾" (the fixed column
      // clips); phones lay the table out by content and the actions never wrap (RowActions)
      width: options.phone ? undefined : lang === 'en-US' ? 176 : 140,
      render: (_: unknown, row) => (
        <RowActions
          actions={[
            {
              key: 'process',
              label: t('actions.process'),
              onClick: () => actions.process(row),
              permission: ALARM_PERMS.process,
            },
            { key: 'comments', label: t('actions.comments'), onClick: () => actions.comments(row) },
            { key: 'view', label: t('actions.view'), onClick: () => actions.view(row) },
          ]}
        />
      ),
    },
  ];
  // phones: the device (with the type and its severity colour under it) and the actions; the
  // drawers show the rest. Without the device column: the type and the actions.
  const phoneKeys = options.withoutDevice ? ['alarmType', 'status', 'actions'] : ['deviceName', 'actions'];
  const shown = options.phone ? columns.filter((c) => phoneKeys.includes(String(c.key))) : columns;
  return options.withoutDevice ? shown.filter((c) => c.key !== 'deviceName') : shown;
}
