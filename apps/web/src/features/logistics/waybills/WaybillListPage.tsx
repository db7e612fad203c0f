import { useState, type ReactNode } from 'react';
import { Radio, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WAYBILL_PERMS, WAYBILL_STATUSES, WaybillRoutes, type WaybillRecord, type WaybillStatus } from '@ztj/contracts';
import { ListPage } from '../../../platform/list/ListPage';
import { RowActions } from '../../../platform/list/RowActions';
import { formatDateTime } from '../../../platform/list/listQuery';
import { useListPage } from '../../../platform/list/useListPage';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { ListEmpty } from '../../../platform/list/ListEmpty';
import { useListError } from '../../../platform/list/useListError';
import { WrapText } from '../../../platform/list/WrapText';
import { useWaybillStats, WAYBILL_POLL_MS } from './api';
import { useLiveRefresh } from './useLiveRefresh';
import { useWaybillActions } from './useWaybillActions';
import { WaybillStatusTag, WaybillTimingTag } from './WaybillTags';

const time = (v: number | null): string => (v === null ? '—' : formatDateTime(new Date(v).toISOString()));

/**
 * Waybill list (`task/TaskList`; SPEC §2 task list, §7 list + getStatNum, §4 states): counts per
 * status (a click filters), query by name, number, vehicle and status, status and timing tags,
 * start / stop / delete after the spec's confirmations, copy, export; add and edit open the
 * 4-step editor. Buttons by WAYBILL_PERMS. While waybills run (or may start by themselves) the list
 * and the counts refetch every 6 s, so status, timing outcome and times change without a reload;
 * a hidden tab pauses it.
 */
export function WaybillListPage(): ReactNode {
  const { t } = useTranslation('waybills');
  const navigate = useNavigate();
  const list = useListPage({
    route: WaybillRoutes.list,
    permissionPrefix: 'task',
    sourceKey: '/task/list',
    exportRoute: WaybillRoutes.exportXls,
  });
  const listError = useListError(WaybillRoutes.list.path);
  const stats = useWaybillStats();
  const actions = useWaybillActions();
  const go = (path: string, id: string): void => void navigate(`/task/${path}/${encodeURIComponent(id)}`);
  const status = list.filters.status ?? 'all';
  const { isMobile } = useResponsive();
  const live =
    (stats.data?.ongoing ?? 0) > 0 ||
    list.rows.some((w) => w.status === 'ongoing' || (w.status === 'unstarted' && w.aiStartStop));
  // a background refresh keeps the rows on screen without the table's loading veil
  const [refreshing, setRefreshing] = useState(false);
  useLiveRefresh(
    live,
    () => {
      setRefreshing(true);
      void Promise.allSettled([list.reload(), stats.refetch()]).then(() => setRefreshing(false));
    },
    WAYBILL_POLL_MS,
  );

  const columns: ColumnsType<WaybillRecord> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (v: string, w) => (
        <WrapText max={isMobile ? 170 : 150}>
          <a onClick={() => go('detail', w.id)}>{v}</a>
          {isMobile && (
            <span style={{ display: 'block', marginTop: 4 }}>
              <WaybillStatusTag status={w.status} />
              <WaybillTimingTag timing={w.timing} />
            </span>
          )}
        </WrapText>
      ),
    },
    { title: t('fields.number'), dataIndex: 'number', key: 'number', sorter: true, responsive: ['md'] },
    { title: t('fields.vehicle'), dataIndex: 'vehicle', key: 'vehicle', responsive: ['lg'] },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 'status',
      width: 150,
      responsive: ['md'],
      render: (v: WaybillStatus, w) => (
        <Space size={4} direction="vertical">
          <WaybillStatusTag status={v} />
          <WaybillTimingTag timing={w.timing} />
        </Space>
      ),
    },
    {
      title: t('fields.routeName'),
      dataIndex: 'routeName',
      key: 'routeName',
      responsive: ['lg'],
      render: (v: string) => <WrapText>{v}</WrapText>,
    },
    {
      title: t('fields.plannedStart'),
      dataIndex: 'plannedStart',
      key: 'plannedStart',
      sorter: true,
      width: 170,
      responsive: ['md'],
      render: time,
    },
    {
      title: t('fields.plannedEnd'),
      dataIndex: 'plannedEnd',
      key: 'plannedEnd',
      sorter: true,
      width: 170,
      responsive: ['xl'],
      render: time,
    },
    {
      title: t('fields.actualStart'),
      dataIndex: 'actualStart',
      key: 'actualStart',
      sorter: true,
      width: 170,
      responsive: ['xl'],
      render: time,
    },
    {
      title: t('fields.actualEnd'),
      dataIndex: 'actualEnd',
      key: 'actualEnd',
      sorter: true,
      width: 170,
      responsive: ['xl'],
      render: time,
    },
    {
      // the first action as a link, the others (up to five) under "More": stacked they took up to
      // five lines of every row
      title: t('fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_: unknown, w) => (
        <RowActions
          actions={[
            { key: 'detail', label: t('actions.detail'), onClick: () => go('detail', w.id) },
            {
              key: 'edit',
              label: t('actions.edit'),
              onClick: () => go('edit', w.id),
              permission: WAYBILL_PERMS.edit,
              hidden: w.status !== 'unstarted',
            },
            {
              key: 'start',
              label: t('actions.start'),
              onClick: () => actions.start(w),
              permission: WAYBILL_PERMS.start,
              hidden: w.status !== 'unstarted',
            },
            {
              key: 'stop',
              label: t('actions.stop'),
              onClick: () => actions.stop(w),
              permission: WAYBILL_PERMS.stop,
              hidden: w.status !== 'ongoing',
              danger: true,
            },
            {
              key: 'copy',
              label: t('actions.copy'),
              onClick: () => actions.copy(w, (c) => go('edit', c.id)),
              permission: WAYBILL_PERMS.copy,
            },
            {
              key: 'delete',
              label: t('actions.delete'),
              onClick: () => actions.remove(w, () => list.afterDelete(1)),
              permission: WAYBILL_PERMS.delete,
              danger: true,
            },
          ]}
        />
      ),
    },
  ];

  const counts: Record<'all' | WaybillStatus, number | undefined> = {
    all: stats.data?.total,
    unstarted: stats.data?.unstarted,
    ongoing: stats.data?.ongoing,
    completed: stats.data?.completed,
  };
  const statusBar = (
    <Radio.Group
      size="small"
      value={status}
      onChange={(e) => list.search({ ...list.filters, status: e.target.value === 'all' ? '' : String(e.target.value) })}
      data-testid="waybill-stats"
    >
      {(['all', ...WAYBILL_STATUSES] as const).map((s) => (
        <Radio.Button key={s} value={s} data-testid={`waybill-stat-${s}`}>
          {t(s === 'all' ? 'stats.all' : `status.${s}`)} {counts[s] ?? '…'}
        </Radio.Button>
      ))}
    </Radio.Group>
  );

  return (
    <ListPage<WaybillRecord>
      testId="waybills"
      list={refreshing ? { ...list, loading: false } : list}
      selectable={false}
      onAdd={() => void navigate('/task/edit/new')}
      exportName={t('exportName')}
      extra={statusBar}
      queryFields={[
        { name: 'name', label: t('fields.name'), kind: 'text' },
        { name: 'number', label: t('fields.number'), kind: 'text' },
        { name: 'vehicle', label: t('fields.vehicle'), kind: 'text' },
        {
          name: 'status',
          label: t('fields.status'),
          kind: 'select',
          options: WAYBILL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
        },
      ]}
      columns={columns}
      tableProps={{ locale: { emptyText: <ListEmpty error={listError} text={t('empty')} /> } }}
    />
  );
}
