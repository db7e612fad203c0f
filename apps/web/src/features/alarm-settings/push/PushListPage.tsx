import type { ReactNode } from 'react';
import { Alert, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  PUSH_CHANNELS,
  PUSH_EVENTS,
  PUSH_STATUSES,
  PushRoutes,
  type PushRecord,
  type PushStatus,
} from '@ztj/contracts';
import { ListPage } from '../../../platform/list/ListPage';
import { formatDateTime } from '../../../platform/list/listQuery';
import { useListPage } from '../../../platform/list/useListPage';
import { usePushChannels } from '../api';
import { ListEmpty } from '../../../platform/list/ListEmpty';
import { useListError } from '../../../platform/list/useListError';

const STATUS_COLOURS: Readonly<Record<PushStatus, string>> = {
  pending: 'processing',
  sent: 'green',
  failed: 'red',
  notConfigured: 'default',
  noAddress: 'orange',
};

/** A push status as a tag: failed in red with the provider's answer in a tooltip, not configured in grey. */
export function PushStatusTag({ record }: { record: Pick<PushRecord, 'status' | 'answer'> }): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const tag = (
    <Tag color={STATUS_COLOURS[record.status]} data-testid={`push-status-${record.status}`}>
      {t(`push.status.${record.status}`)}
    </Tag>
  );
  return record.answer && record.status !== 'sent' ? <Tooltip title={record.answer}>{tag}</Tooltip> : tag;
}

/** The configured-channels banner of the push list (channels route). */
function ChannelsBanner(): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const channels = usePushChannels();
  if (channels.isLoading) return null;
  if (channels.isError || !channels.data)
    return <Alert type="warning" showIcon title={t('push.channelsError')} style={{ marginBottom: 12 }} />;
  const configured = channels.data.filter((c) => c.configured);
  return (
    <Alert
      type={configured.length > 0 ? 'info' : 'warning'}
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="push-channels"
      title={configured.length > 0 ? t('push.channelsConfigured') : t('push.channelsNone')}
      description={
        <Space wrap size={4}>
          {channels.data.map((c) => (
            <Tag key={c.channel} color={c.configured ? 'green' : 'default'}>
              {t(`push.channel.${c.channel}`)}: {c.configured ? t('push.configured') : t('push.status.notConfigured')}
            </Tag>
          ))}
        </Space>
      }
    />
  );
}

/**
 * Push list (`push/PushList`; SPEC §2 push list, §7 push list/export): every push of an alarm event
 * to one recipient on one channel, newest first; filters channel, status, event, device, time;
 * export with push:export.
 */
export function PushListPage(): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const list = useListPage({
    route: PushRoutes.list,
    permissionPrefix: 'push',
    sourceKey: '/push/list',
    exportRoute: PushRoutes.exportXls,
    defaultSort: { column: 'createdAt', order: 'desc' },
  });
  const listError = useListError(PushRoutes.list.path);
  // phones: time and status
  const columns: ColumnsType<PushRecord> = [
    {
      title: t('push.time'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 170,
      sorter: true,
      render: (v: number) => formatDateTime(new Date(v).toISOString()),
    },
    {
      title: t('push.device'),
      dataIndex: 'deviceId',
      key: 'deviceId',
      width: 140,
      responsive: ['md'],
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('push.event'),
      dataIndex: 'event',
      key: 'event',
      width: 100,
      responsive: ['md'],
      render: (v: string) => t(`push.events.${v}`),
    },
    {
      title: t('push.channelCol'),
      dataIndex: 'channel',
      key: 'channel',
      width: 110,
      responsive: ['md'],
      render: (v: string) => t(`push.channel.${v}`),
    },
    { title: t('push.recipient'), dataIndex: 'recipient', key: 'recipient', responsive: ['md'] },
    { title: t('push.address'), dataIndex: 'address', key: 'address', render: (v: string | null) => v ?? '—' },
    {
      title: t('push.statusCol'),
      dataIndex: 'status',
      key: 'status',
      width: 120,
      responsive: ['xs', 'sm'],
      render: (_: unknown, r) => <PushStatusTag record={r} />,
    },
    { title: t('push.attempts'), dataIndex: 'attempts', key: 'attempts', width: 90 },
  ];
  return (
    <>
      <ChannelsBanner />
      <ListPage<PushRecord>
        testId="push-list"
        list={list}
        exportName={t('push.exportName')}
        queryFields={[
          {
            name: 'channel',
            label: t('push.channelCol'),
            kind: 'select',
            options: PUSH_CHANNELS.map((c) => ({ value: c, label: t(`push.channel.${c}`) })),
          },
          {
            name: 'status',
            label: t('push.statusCol'),
            kind: 'select',
            options: PUSH_STATUSES.map((s) => ({ value: s, label: t(`push.status.${s}`) })),
          },
          {
            name: 'event',
            label: t('push.event'),
            kind: 'select',
            options: PUSH_EVENTS.map((e) => ({ value: e, label: t(`push.events.${e}`) })),
          },
          { name: 'deviceId', label: t('push.device'), kind: 'text' },
          { name: 'createdAt', label: t('push.time'), kind: 'dateRange' },
        ]}
        columns={columns}
        tableProps={{ locale: { emptyText: <ListEmpty error={listError} text={t('push.empty')} /> } }}
      />
    </>
  );
}
