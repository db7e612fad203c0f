import type { ReactNode } from 'react';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEVICE_LOG_KINDS, DeviceLogRoutes, INGEST_REFUSAL_MESSAGES, type DeviceLogListRecord } from '@ztj/contracts';
import { ListPage } from '../../platform/list/ListPage';
import { useListPage } from '../../platform/list/useListPage';
import { useResponsive } from '../../platform/responsive/useResponsive';
import { ListEmpty } from '../../platform/list/ListEmpty';
import { useListError } from '../../platform/list/useListError';
import { WrapText } from '../../platform/list/WrapText';
import { toLanguage } from '../../platform/i18n/i18n';
import { formatLogContent, logKindLabel, logOperatorText, refusalReasonText } from './deviceLogFormat';
import { formatReportTime } from './parameterFormat';

/**
 * Device log list (`device/DeviceLogList`, SPEC §2 device "log list"): every command sent (and
 * refused), acknowledgement, configuration change, Modbus link change and message the ingest refused
 * (kind `refused`, with its reason) of the tenant's devices the user may see (data rules of
 * `device:list`), newest first; query by device, kind, refusal reason, result, operator and time;
 * pages; export to the download center with `device:export`.
 */
export function DeviceLogListPage(): ReactNode {
  const { t, i18n } = useTranslation('devices');
  const lang = toLanguage(i18n.language);
  const list = useListPage({
    route: DeviceLogRoutes.list,
    permissionPrefix: 'device',
    sourceKey: '/device/loglist',
    exportRoute: DeviceLogRoutes.exportXls,
  });
  const listError = useListError(DeviceLogRoutes.list.path);
  const { isMobile } = useResponsive();
  const kindTag = (kind: string): ReactNode => (
    <Tag color={kind === 'refused' ? 'warning' : undefined}>{logKindLabel(kind, t)}</Tag>
  );
  const resultTag = (ok: boolean | null): ReactNode =>
    ok === null ? '—' : <Tag color={ok ? 'success' : 'error'}>{ok ? t('log.ok') : t('log.failed')}</Tag>;

  const columns: ColumnsType<DeviceLogListRecord> = [
    {
      title: t('log.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      sorter: true,
      width: 170,
      responsive: ['md'],
      render: (v: number) => formatReportTime(v),
    },
    {
      title: t('logList.device'),
      dataIndex: 'deviceId',
      key: 'deviceId',
      sorter: true,
      render: (id: string, r) => (
        <WrapText max={isMobile ? 130 : 200}>
          <Link to={`/device/detail/${encodeURIComponent(id)}`} data-testid="log-device">
            {r.deviceName ?? id}
          </Link>
          {r.deviceName && r.deviceName !== id && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {id}
            </Typography.Text>
          )}
          {isMobile && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {formatReportTime(r.createTime)}
            </Typography.Text>
          )}
        </WrapText>
      ),
    },
    {
      title: t('log.kind'),
      dataIndex: 'kind',
      key: 'kind',
      sorter: true,
      width: 110,
      responsive: ['md'],
      render: kindTag,
    },
    {
      title: t('log.content'),
      dataIndex: 'content',
      key: 'content',
      render: (content: string, r) => (
        <WrapText max={isMobile ? 170 : 420}>
          <span title={content}>{formatLogContent(r.kind, content, t, lang)}</span>
          {isMobile && (
            <Space size={4} style={{ display: 'flex', marginTop: 4 }}>
              {kindTag(r.kind)}
              {r.ok !== null && resultTag(r.ok)}
            </Space>
          )}
        </WrapText>
      ),
    },
    {
      title: t('log.reason'),
      dataIndex: 'reason',
      key: 'reason',
      sorter: true,
      width: 180,
      responsive: ['md'],
      render: (reason: string | null) => <span data-testid="log-reason">{refusalReasonText(reason, lang)}</span>,
    },
    {
      title: t('log.result'),
      dataIndex: 'ok',
      key: 'ok',
      sorter: true,
      width: 100,
      responsive: ['md'],
      render: resultTag,
    },
    {
      title: t('log.operator'),
      dataIndex: 'operator',
      key: 'operator',
      sorter: true,
      width: 120,
      responsive: ['lg'],
      render: (v: string | null) => logOperatorText(v, t),
    },
  ];

  return (
    <ListPage<DeviceLogListRecord>
      testId="device-logs"
      list={list}
      selectable={false}
      exportName={t('logList.exportName')}
      queryFields={[
        { name: 'deviceId', label: t('logList.deviceId'), kind: 'text' },
        { name: 'deviceName', label: t('logList.deviceName'), kind: 'text', defaultOperator: 'like' },
        {
          name: 'kind',
          label: t('log.kind'),
          kind: 'select',
          options: DEVICE_LOG_KINDS.map((k) => ({ value: k, label: t(`log.kinds.${k}`) })),
        },
        {
          name: 'reason',
          label: t('log.reason'),
          kind: 'select',
          options: Object.entries(INGEST_REFUSAL_MESSAGES).map(([value, text]) => ({ value, label: text[lang] })),
        },
        {
          name: 'ok',
          label: t('log.result'),
          kind: 'select',
          options: [
            { value: 'true', label: t('log.ok') },
            { value: 'false', label: t('log.failed') },
          ],
        },
        { name: 'operator', label: t('log.operator'), kind: 'text' },
        { name: 'createTime', label: t('log.createTime'), kind: 'datetimeRange' },
      ]}
      columns={columns}
      tableProps={{ locale: { emptyText: <ListEmpty error={listError} text={t('logList.empty')} /> } }}
    />
  );
}
