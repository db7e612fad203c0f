import { useMemo, type ReactNode } from 'react';
import { CircleMarker, Tooltip } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import type { BigScreenData } from '@ztj/contracts';
import { BaseMap, FitBounds } from '../../platform/map/BaseMap';
import { useMapTiles } from '../../platform/map/useMapTiles';
import styles from './bigscreen.module.css';

type Devices = NonNullable<BigScreenData['devices']>;
type Warehouses = NonNullable<BigScreenData['warehouses']>;

/**
 * Live map of the big screen: devices with a position (green online, grey offline; vehicles a
 * little larger) and warehouses (blue, red while out of limits) on the console's one map (offline
 * basemap underneath, so it works without internet). Bounds are fitted once when data arrives.
 */
export function BigScreenMap({ devices, warehouses }: { devices: Devices; warehouses: Warehouses }): ReactNode {
  const { t } = useTranslation('dashboard');
  const { toTile } = useMapTiles();
  const deviceDots = useMemo(() => devices.map((d) => ({ d, p: toTile(d.lat, d.lng) })), [devices, toTile]);
  const storeDots = useMemo(() => warehouses.map((w) => ({ w, p: toTile(w.lat, w.lng) })), [warehouses, toTile]);
  const positions = useMemo(
    () => [...deviceDots.map((x) => x.p), ...storeDots.map((x) => x.p)],
    [deviceDots, storeDots],
  );
  const fitKey = positions.length > 0 ? 'loaded' : null;
  return (
    <BaseMap className={styles.map} testId="bigscreen-map">
      <FitBounds positions={positions} fitKey={fitKey} maxZoom={12} />
      {storeDots.map(({ w, p }) => (
        <CircleMarker
          key={`w-${w.id}`}
          center={[p.lat, p.lng]}
          radius={11}
          pathOptions={{ color: '#fff', weight: 2, fillColor: w.outOfLimits ? '#f5222d' : '#1890ff', fillOpacity: 0.9 }}
        >
          <Tooltip>
            {t('bigScreen.warehouse')}: {w.name}
            {w.outOfLimits ? ` · ${t('bigScreen.outOfLimits')}` : ''}
          </Tooltip>
        </CircleMarker>
      ))}
      {deviceDots.map(({ d, p }) => (
        <CircleMarker
          key={`d-${d.id}`}
          center={[p.lat, p.lng]}
          radius={d.kind === 'vehicleGateway' ? 7 : 5}
          pathOptions={{
            color: d.online ? '#b7eb8f' : '#8c8c8c',
            weight: 1,
            fillColor: d.online ? '#52c41a' : '#595959',
            fillOpacity: 0.9,
          }}
        >
          <Tooltip>
            {d.name} · {d.online ? t('cards.online') : t('cards.offline')}
          </Tooltip>
        </CircleMarker>
      ))}
    </BaseMap>
  );
}
