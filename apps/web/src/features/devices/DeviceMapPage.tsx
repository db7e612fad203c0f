import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Col, Empty, Input, Row, Select, Space, Spin, Typography } from 'antd';
import { ExpandOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceMapQuery } from '@ztj/contracts';
import { useDeviceMap, useGroups } from './api';
import { BaseMap, FitBounds } from './BaseMap';
import { DEVICE_STATUSES } from './deviceEnums';
import { mapStatusCounts, toMapDevices } from './deviceMap';
import { DeviceMapMarkers } from './DeviceMapMarkers';
import { useDeviceLive } from './useDeviceLive';
import { useMapTiles } from '../../platform/map/useMapTiles';
import styles from './devices.module.css';

/**
 * Device map (`device/DeviceMap`, /device/map; SPEC §2 device area "map"): every device of the
 * caller's tenant with a latest position as a marker (online green, offline grey) on the device
 * area's Leaflet map (offline Natural Earth basemap under the tiles chosen in the map's layer switch;
 * positions converted to GCJ-02 over Chinese providers).
 * A marker's popup shows name, id, latest values with units, report time and a link to the
 * detail. Filters by name, group and status; markers move live with `cmd:'telemetry'` readings;
 * the view fits all markers when the data first arrives, when filters change and on request.
 */
export function DeviceMapPage(): ReactNode {
  const { t } = useTranslation('devices');
  const [filters, setFilters] = useState<DeviceMapQuery>({});
  const [nameText, setNameText] = useState('');
  const [refits, setRefits] = useState(0);
  const groups = useGroups({ pageNo: 1, pageSize: 1000 });
  const { live, connected, pollMs } = useDeviceLive();
  const map = useDeviceMap(filters, pollMs);
  const { toTile, coords } = useMapTiles();
  const devices = useMemo(() => toMapDevices(map.data?.records ?? [], live, toTile), [map.data, live, toTile]);
  const positions = useMemo(() => devices.map((d) => d.position), [devices]);
  const counts = mapStatusCounts(devices);
  // Fit once the answer for the current filters is in (not for the previous filters' placeholder).
  const fitKey = map.data && !map.isPlaceholderData ? `${JSON.stringify(filters)}#${refits}` : null;

  const change = (next: Partial<DeviceMapQuery>): void =>
    setFilters(
      (f) =>
        Object.fromEntries(
          Object.entries({ ...f, ...next }).filter(([, v]) => v !== undefined && v !== ''),
        ) as DeviceMapQuery,
    );
  const reset = (): void => {
    setNameText('');
    setFilters({});
  };

  const withoutPosition = map.data?.withoutPosition ?? 0;
  const loadingFirst = map.isLoading;
  return (
    <Card data-testid="device-map-page">
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col xs={24} sm={12} lg={8} xl={6}>
          <Input.Search
            allowClear
            value={nameText}
            onChange={(e) => {
              setNameText(e.target.value);
              if (e.target.value === '') change({ name: undefined });
            }}
            onSearch={(value) => change({ name: value.trim() || undefined })}
            placeholder={t('list.search.namePlaceholder')}
            aria-label={t('list.search.name')}
            data-testid="map-filter-name"
          />
        </Col>
        <Col xs={12} sm={6} lg={5} xl={4}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: '100%' }}
            value={filters.groupId}
            onChange={(groupId: string | undefined) => change({ groupId })}
            loading={groups.isLoading}
            placeholder={t('map.allGroups')}
            aria-label={t('list.search.group')}
            options={(groups.data?.records ?? []).map((g) => ({ value: g.id, label: g.name }))}
            data-testid="map-filter-group"
          />
        </Col>
        <Col xs={12} sm={6} lg={5} xl={4}>
          <Select
            allowClear
            style={{ width: '100%' }}
            value={filters.status}
            onChange={(status: DeviceMapQuery['status']) => change({ status })}
            placeholder={t('map.allStatuses')}
            aria-label={t('list.search.status')}
            options={DEVICE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            data-testid="map-filter-status"
          />
        </Col>
        <Col xs={24} lg={6} xl={10}>
          <Space wrap>
            <Button onClick={reset}>{t('list.search.reset')}</Button>
            <Button
              icon={<ExpandOutlined />}
              onClick={() => setRefits((n) => n + 1)}
              disabled={devices.length === 0}
              data-testid="map-fit"
            >
              {t('map.fit')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void map.refetch()}
              loading={map.isFetching && !map.isLoading}
            >
              {t('list.refresh')}
            </Button>
          </Space>
        </Col>
      </Row>
      <Space wrap size={[16, 4]} style={{ marginBottom: 12 }} data-testid="map-summary">
        <Typography.Text>{t('map.count', { count: devices.length })}</Typography.Text>
        <Badge status="success" text={t('map.online', { count: counts.online })} />
        <Badge status="default" text={t('map.offline', { count: counts.offline })} />
        {withoutPosition > 0 && (
          <Typography.Text type="secondary">{t('map.withoutPosition', { count: withoutPosition })}</Typography.Text>
        )}
        <Badge
          status={connected ? 'processing' : 'default'}
          text={connected ? t('live.on') : t('live.polling')}
          data-testid="live-state"
        />
      </Space>
      {map.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('map.error')}
          description={map.error instanceof Error ? map.error.message : undefined}
          action={
            <Button size="small" onClick={() => void map.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {map.data?.truncated && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('map.truncated', { count: devices.length })}
        />
      )}
      <Spin spinning={loadingFirst}>
        {!loadingFirst && devices.length === 0 ? (
          <Empty
            className={styles.mapEmpty}
            description={Object.keys(filters).length > 0 ? t('map.emptyFiltered') : t('map.empty')}
            data-testid="map-empty"
          />
        ) : (
          <BaseMap className={styles.mapPageBox} testId="device-map">
            <FitBounds positions={positions} fitKey={fitKey} maxZoom={15} />
            <DeviceMapMarkers devices={devices} />
          </BaseMap>
        )}
      </Spin>
      {coords === 'gcj02' && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('track.gcj02')}
        </Typography.Text>
      )}
    </Card>
  );
}
