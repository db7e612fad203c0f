import { useMemo, type ReactNode } from 'react';
import { Badge, Button, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { IntegrationRoutes, type ExternalDevice } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { ListErrorAlert } from '../../platform/list/ListErrorAlert';
import { ListPage } from '../../platform/list/ListPage';
import type { QueryField } from '../../platform/list/QueryForm';
import { formatParameterValue, formatReportTime, parameterName } from '../devices/parameterFormat';
import { useDeviceLive } from '../devices/useDeviceLive';
import { useLiveListPage } from '../devices/useLiveListPage';
import { NO_VALUE } from './equipmentFormat';

const STATE_COLOR = { online: 'success', offline: 'default', backoff: 'warning', disabled: 'default' } as const;
const RESULT_COLOR = { ok: 'success', timeout: 'warning', error: 'error' } as const;

/**
 * External device list (`warehouse/ExternalDeviceList`, /warehouse/external; SPEC §2 warehouse,
 * §7 third-party and Modbus endpoints): devices fed by a Modbus TCP poller or a third-party
 * platform, with their source, link state, last poll result (error text on hover) and latest values.
 */
export function ExternalDeviceListPage(): ReactNode {
  const { t, i18n } = useTranslation('equipment');
  const lang = toLanguage(i18n.language);
  const navigate = useNavigate();
  const { connected, pollMs } = useDeviceLive();
  const { list, error } = useLiveListPage(
    {
      route: IntegrationRoutes.externalList,
      permissionPrefix: 'external',
      sourceKey: '/warehouse/external',
      rowKey: 'deviceId',
      defaultSort: { column: 'deviceId', order: 'asc' },
    },
    pollMs,
  );

  const queryFields = useMemo<QueryField[]>(
    () => [
      { name: 'name', label: t('common.search.name'), kind: 'text' },
      { name: 'deviceId', label: t('common.search.id'), kind: 'text' },
      {
        name: 'source',
        label: t('external.source'),
        kind: 'select',
        options: (['modbus', 'thirdParty'] as const).map((s) => ({ value: s, label: t(`external.sources.${s}`) })),
      },
      {
        name: 'state',
        label: t('external.state'),
        kind: 'select',
        options: (['online', 'offline', 'backoff', 'disabled'] as const).map((s) => ({
          value: s,
          label: t(`external.states.${s}`),
        })),
      },
    ],
    [t],
  );

  const columns: ColumnsType<ExternalDevice> = [
    {
      title: t('common.search.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/device/detail/${encodeURIComponent(row.deviceId)}`}>{row.name}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.deviceId} · {row.model}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('external.source'),
      dataIndex: 'source',
      key: 'source',
      sorter: true,
      responsive: ['sm'],
      render: (v: ExternalDevice['source'], row) => (
        <Space orientation="vertical" size={0}>
          <Tag>{t(`external.sources.${v}`)}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.sourceName}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('external.state'),
      dataIndex: 'state',
      key: 'state',
      sorter: true,
      width: 100,
      render: (v: ExternalDevice['state']) => <Tag color={STATE_COLOR[v]}>{t(`external.states.${v}`)}</Tag>,
    },
    {
      title: t('external.lastPoll'),
      dataIndex: 'lastPollTime',
      key: 'lastPollTime',
      sorter: true,
      responsive: ['md'],
      render: (v: number | null, row) => (
        <Space orientation="vertical" size={0}>
          <span>{formatReportTime(v)}</span>
          {row.lastResult && (
            <Tooltip title={row.lastError ?? undefined}>
              <Tag color={RESULT_COLOR[row.lastResult]}>{t(`external.results.${row.lastResult}`)}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('external.values'),
      key: 'values',
      responsive: ['lg'],
      render: (_: unknown, row) =>
        row.values.length === 0 ? (
          NO_VALUE
        ) : (
          <Space wrap size={[4, 4]} style={{ maxWidth: 360 }}>
            {row.values.slice(0, 6).map((v) => (
              <Tag key={v.code}>{`${parameterName(v.code, lang)} ${formatParameterValue(v.code, v.value, lang)}`}</Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 80,
      render: (_: unknown, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => void navigate(`/warehouse/external/chart/${encodeURIComponent(row.deviceId)}`)}
        >
          {t('common.chart')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListErrorAlert
        error={error}
        title={t('common.loadError')}
        retryText={t('common.retry')}
        onRetry={() => void list.reload()}
        testId="external-list-error"
      />
      <ListPage<ExternalDevice>
        testId="external-list"
        list={list}
        selectable={false}
        queryFields={queryFields}
        columns={columns}
        tableProps={{
          scroll: { x: 'max-content' },
          locale: { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('external.empty')} /> },
        }}
        extra={
          <>
            <Button icon={<ReloadOutlined />} onClick={() => void list.reload()}>
              {t('common.refresh')}
            </Button>
            <Badge
              status={connected ? 'processing' : 'default'}
              text={connected ? t('common.liveOn') : t('common.livePolling')}
            />
          </>
        }
      />
    </>
  );
}
