import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Empty, Input, Space, Spin, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EquipmentRecord, StoreRecord } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { formatParameterValue, formatReportTime } from '../devices/parameterFormat';
import { StatusTag } from '../devices/StatusTag';
import { useDeviceLive } from '../devices/useDeviceLive';
import { useStores } from './api';
import { DeviceName } from './equipmentColumns';
import { NO_VALUE } from './equipmentFormat';
import { FAMILY_SCREENS, groupByFamily, headlineOf, patchLiveRow, toValueMap } from './equipmentView';
import styles from './equipment.module.css';

/** One store: counts, online and active alarms, then its devices grouped by family, each opening its device. */
function StoreCard({ store, lang }: { store: StoreRecord; lang: ReturnType<typeof toLanguage> }): ReactNode {
  const { t } = useTranslation('equipment');
  const groups = groupByFamily(store.devices);
  const columns: ColumnsType<EquipmentRecord> = [
    { title: t('common.search.name'), key: 'name', render: (_: unknown, row) => <DeviceName row={row} /> },
    {
      title: t('lawson.reading'),
      key: 'value',
      render: (_: unknown, row) => {
        const h = headlineOf(row.family, toValueMap(row.values));
        return h === null || h.value === null ? NO_VALUE : formatParameterValue(h.code, h.value, lang);
      },
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      key: 'status',
      width: 80,
      render: (v: EquipmentRecord['status']) => <StatusTag status={v} />,
    },
    {
      title: t('common.lastReport'),
      dataIndex: 'lastReportTime',
      key: 'lastReportTime',
      width: 170,
      responsive: ['md'],
      render: (v: number | null) => formatReportTime(v),
    },
  ];
  return (
    <Card
      size="small"
      data-testid={`store-${store.id}`}
      title={
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{store.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {store.number}
          </Typography.Text>
        </Space>
      }
      extra={
        store.activeAlarmCount > 0 ? (
          <Tag color="error" data-testid="store-alarms">
            {t('lawson.alarms', { count: store.activeAlarmCount })}
          </Tag>
        ) : undefined
      }
    >
      <Space wrap size={[6, 6]} style={{ marginBottom: 8 }}>
        <Tag color="blue">{t('lawson.devices', { count: store.deviceCount })}</Tag>
        <Tag color="success">{t('lawson.online', { count: store.onlineCount })}</Tag>
        {groups.map((g) => (
          <Tag
            key={g.family}
          >{`${t(`lawson.families.${g.family}`)} ${store.counts[g.family] ?? g.devices.length}`}</Tag>
        ))}
      </Space>
      {groups.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {groups.map((g) => (
        <div key={g.family} style={{ marginBottom: 8 }}>
          <Space style={{ marginBottom: 4 }}>
            <Typography.Text strong>{t(`lawson.families.${g.family}`)}</Typography.Text>
            {FAMILY_SCREENS[g.family] && <Link to={FAMILY_SCREENS[g.family] as string}>{t('lawson.open')}</Link>}
          </Space>
          <Table<EquipmentRecord>
            rowKey="id"
            size="small"
            pagination={false}
            columns={columns}
            dataSource={g.devices}
            scroll={{ x: 'max-content' }}
          />
        </div>
      ))}
    </Card>
  );
}

/**
 * Lawson device list (`device/LawsonDeviceList`, /device/lawson; SPEC §2 device): the store view of
 * the equipment — each store (warehouse) with its device, online and active-alarm counts and its
 * devices grouped by family with the main reading (patched live), each opening the device.
 */
export function LawsonDeviceListPage(): ReactNode {
  const { t, i18n } = useTranslation('equipment');
  const lang = toLanguage(i18n.language);
  const { live, connected, pollMs } = useDeviceLive();
  const stores = useStores(pollMs);
  const [filter, setFilter] = useState('');
  const shown = useMemo(
    () =>
      (stores.data ?? [])
        .filter(
          (s) =>
            filter === '' ||
            s.name.toLowerCase().includes(filter.toLowerCase()) ||
            s.number.toLowerCase().includes(filter.toLowerCase()),
        )
        .map((s) => ({ ...s, devices: s.devices.map((d) => patchLiveRow(d, live.get(d.id)?.reading)) })),
    [stores.data, filter, live],
  );
  return (
    <Card data-testid="lawson-list">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('common.search.store')}
          onSearch={setFilter}
          style={{ width: 200 }}
          data-testid="store-search"
        />
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={() => void stores.refetch()}>
            {t('common.refresh')}
          </Button>
          <Badge
            status={connected ? 'processing' : 'default'}
            text={connected ? t('common.liveOn') : t('common.livePolling')}
          />
        </Space>
      </Space>
      {stores.isError && (
        <Alert
          type="error"
          showIcon
          title={t('common.loadError')}
          action={
            <Button size="small" onClick={() => void stores.refetch()}>
              {t('common.retry')}
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <Spin spinning={stores.isLoading}>
        {!stores.isLoading && shown.length === 0 ? (
          <Empty description={t('lawson.empty')} />
        ) : (
          <div className={styles.cards}>
            {shown.map((s) => (
              <StoreCard key={s.id} store={s} lang={lang} />
            ))}
          </div>
        )}
      </Spin>
    </Card>
  );
}
