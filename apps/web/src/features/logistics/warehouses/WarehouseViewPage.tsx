import type { ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Result, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { WAREHOUSE_PERMS } from '@ztj/contracts';
import { toLanguage } from '../../../platform/i18n/i18n';
import { Authorized } from '../../../platform/permissions/Authorized';
import { formatReportTime } from '../../devices/parameterFormat';
import { useWarehouseView } from './api';
import { DailyReportButton } from './DailyReportButton';
import { SensorCard } from './SensorCard';
import styles from './warehouses.module.css';

/**
 * Warehouse view (`warehouse/WarehouseDetail`, /warehouse/detail/:id): the
 * warehouse's information and one card per sensor with its latest temperature / humidity against
 * the limits of its rule templates (red when out), last report time, active alarms and a link to
 * the device; refreshed every 6 s (SPEC §9 polling interval).
 */
export function WarehouseViewPage(): ReactNode {
  const { t, i18n } = useTranslation('warehouses');
  const lang = toLanguage(i18n.language);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const view = useWarehouseView(id);

  if (view.isError && !view.data) {
    return (
      <Result
        status="error"
        title={t('detail.loadError')}
        subTitle={view.error.message}
        extra={
          <Space wrap>
            <Button onClick={() => void view.refetch()}>{t('actions.retry')}</Button>
            <Button onClick={() => void navigate('/warehouse/list')}>{t('actions.back')}</Button>
          </Space>
        }
      />
    );
  }
  if (!view.data)
    return (
      <Card size="small">
        <Skeleton active />
      </Card>
    );
  const { warehouse: w, sensors } = view.data;
  const outCount = sensors.filter((s) => s.outOfLimits.length > 0).length;
  const alarmCount = sensors.reduce((n, s) => n + s.activeAlarms.length, 0);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="warehouse-view">
      <Card
        size="small"
        title={
          <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
            {w.name}
          </Typography.Text>
        }
        extra={
          <Space size={4} wrap>
            <Authorized action={WAREHOUSE_PERMS.edit}>
              <Button size="small" onClick={() => void navigate(`/warehouse/edit/${encodeURIComponent(w.id)}`)}>
                {t('actions.edit')}
              </Button>
            </Authorized>
            <DailyReportButton warehouseId={w.id} />
            <Button size="small" onClick={() => void navigate('/warehouse/list')}>
              {t('actions.back')}
            </Button>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('fields.number')}>{w.number}</Descriptions.Item>
          <Descriptions.Item label={t('fields.acquisitionPeriod')}>
            {w.acquisitionPeriod === null ? '—' : t('minutes', { count: w.acquisitionPeriod })}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.monitors')}>
            {w.monitors.map((m) => m.name).join(', ') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.templates')}>
            {w.templates.length ? w.templates.map((x) => <Tag key={x.id}>{x.name}</Tag>) : '—'}
          </Descriptions.Item>
          {w.description && <Descriptions.Item label={t('fields.description')}>{w.description}</Descriptions.Item>}
          {w.note && <Descriptions.Item label={t('fields.note')}>{w.note}</Descriptions.Item>}
        </Descriptions>
        <div className={styles.summary}>
          <Statistic title={t('view.sensors')} value={sensors.length} />
          <Statistic
            title={t('view.outOfLimits')}
            value={outCount}
            valueStyle={{ color: outCount ? '#cf1322' : undefined }}
          />
          <Statistic
            title={t('view.activeAlarms')}
            value={alarmCount}
            valueStyle={{ color: alarmCount ? '#cf1322' : undefined }}
          />
          <Typography.Text type="secondary" data-testid="warehouse-updated">
            <ReloadOutlined spin={view.isFetching} />{' '}
            {t('view.updated', { time: formatReportTime(view.dataUpdatedAt) })}
          </Typography.Text>
        </div>
      </Card>
      {view.isError && <Alert type="warning" showIcon message={t('view.refreshFailed')} />}
      {sensors.length === 0 ? (
        <Card size="small">
          <Empty description={t('view.noSensors')} />
        </Card>
      ) : (
        <div className={styles.grid}>
          {sensors.map((s) => (
            <SensorCard key={s.id} sensor={s} lang={lang} />
          ))}
        </div>
      )}
    </Space>
  );
}
