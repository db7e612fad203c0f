import { useMemo, type ReactNode } from 'react';
import { Button, Empty, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { ALARM_FLAGS, ALARM_SEVERITIES, AlarmRoutes, type ProcessRecord } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { ListPage } from '../../platform/list/ListPage';
import { ListErrorAlert } from '../../platform/list/ListErrorAlert';
import { useListPage } from '../../platform/list/useListPage';
import type { QueryField } from '../../platform/list/QueryForm';
import { SeverityTag } from './AlarmTags';
import { toAlarmWireQuery } from './alarmQuery';
import { alarmTypeName, formatAlarmTime } from './alarmText';

/**
 * Process record list (`alarm/ProcessRecordList`, /alarm/process; SPEC §2, §7 process records
 * list/export): who recorded what result for which alarm and when; filters device, severity,
 * result flag, alarm start range; export (`alarm:record:export`).
 */
export function ProcessRecordListPage(): ReactNode {
  const { t, i18n } = useTranslation('alarms');
  const lang = toLanguage(i18n.language);
  const list = useListPage({
    route: AlarmRoutes.processList,
    permissionPrefix: 'alarm:record',
    sourceKey: '/alarm/process',
    exportRoute: AlarmRoutes.processExport,
    defaultSort: { column: 'createTime', order: 'desc' },
  });
  const cache = useQueryClient().getQueryCache();
  const error =
    cache
      .findAll({ queryKey: ['list', AlarmRoutes.processList.path], type: 'active' })
      .find((q) => q.state.status === 'error')?.state.error ?? null;

  const queryFields = useMemo<QueryField[]>(
    () => [
      { name: 'deviceId', label: t('filters.device'), kind: 'text' },
      {
        name: 'severity',
        label: t('filters.severity'),
        kind: 'select',
        options: ALARM_SEVERITIES.map((s) => ({ value: s.code, label: t(`severity.${s.key}`) })),
      },
      {
        name: 'flag',
        label: t('records.flag'),
        kind: 'select',
        options: ALARM_FLAGS.map((f) => ({ value: String(f), label: t(`flag.${f}`) })),
      },
      { name: 'createBy', label: t('records.createBy'), kind: 'text' },
      { name: 'startTime', label: t('filters.time'), kind: 'datetimeRange' },
    ],
    [t],
  );
  const columns = useMemo<ColumnsType<ProcessRecord>>(
    () => [
      {
        title: t('columns.device'),
        dataIndex: 'deviceId',
        key: 'deviceId',
        sorter: true,
        render: (v: string) => <Link to={`/device/detail/${encodeURIComponent(v)}`}>{v}</Link>,
      },
      {
        title: t('records.content'),
        dataIndex: 'content',
        key: 'content',
        render: (v: string) => (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ margin: 0, minWidth: 160, maxWidth: 360 }}>
            {v}
          </Typography.Paragraph>
        ),
      },
      {
        title: t('records.flag'),
        dataIndex: 'flag',
        key: 'flag',
        render: (v: number) => <Tag color={v === 1 ? 'red' : v === 0 ? 'green' : 'default'}>{t(`flag.${v}`)}</Tag>,
      },
      {
        title: t('columns.type'),
        dataIndex: 'alarmType',
        key: 'alarmType',
        render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{alarmTypeName(v, lang, t)}</span>,
      },
      {
        title: t('columns.severity'),
        dataIndex: 'severity',
        key: 'severity',
        render: (_: unknown, r) => <SeverityTag severity={r.severity} />,
      },
      {
        title: t('columns.start'),
        dataIndex: 'startTs',
        key: 'startTs',
        sorter: true,
        render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatAlarmTime(v)}</span>,
      },
      { title: t('records.createBy'), dataIndex: 'createBy', key: 'createBy', sorter: true },
      {
        title: t('records.createTime'),
        dataIndex: 'createTime',
        key: 'createTime',
        sorter: true,
        render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatAlarmTime(v)}</span>,
      },
    ],
    [t, lang],
  );
  const shown = useMemo(
    () => ({ ...list, search: (q: Record<string, string>) => list.search(toAlarmWireQuery(q)) }),
    [list],
  );

  return (
    <>
      <ListErrorAlert
        error={error}
        title={t('records.error')}
        retryText={t('retry')}
        onRetry={() => void list.reload()}
      />
      <ListPage<ProcessRecord>
        testId="process-record-list"
        list={shown}
        queryFields={queryFields}
        columns={columns}
        exportName={`${t('records.exportFile')}_${dayjs().format('YYYYMMDDHHmmss')}`}
        tableProps={{
          locale: { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('records.empty')} /> },
        }}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void list.reload()}>
            {t('list.refresh')}
          </Button>
        }
      />
    </>
  );
}
