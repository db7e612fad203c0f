import type { ReactNode } from 'react';
import { Button, Space, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { Marker, Popup } from 'react-leaflet';
import { divIcon, type DivIcon } from 'leaflet';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DeviceRecord, Language } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import type { MapDevice } from './deviceMap';
import { formatParameterValue, formatReportTime, parameterName } from './parameterFormat';
import { StatusTag } from './StatusTag';
import styles from './devices.module.css';

/** Marker icons by online status: a dot, green and pulsing when online, grey when offline. */
const ICONS: Readonly<Record<DeviceRecord['status'], DivIcon>> = {
  online: divIcon({
    className: `ztj-device-marker ztj-device-marker-online ${styles.marker} ${styles.markerOnline}`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
    popupAnchor: [0, -10],
  }),
  offline: divIcon({
    className: `ztj-device-marker ztj-device-marker-offline ${styles.marker} ${styles.markerOffline}`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
    popupAnchor: [0, -10],
  }),
};

/** Popup of one device: name, id, status, latest values with units, report time, link to the detail. */
function DevicePopup({ device, lang }: { device: DeviceRecord; lang: Language }): ReactNode {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  return (
    <div className={styles.popup} data-testid="map-popup">
      <Space size={6} align="center" wrap>
        <Typography.Text strong>{device.alias || device.name}</Typography.Text>
        <StatusTag status={device.status} />
      </Space>
      {device.alias && <div className={styles.popupMuted}>{device.name}</div>}
      <div className={styles.popupMuted}>
        {t('list.columns.id')}: {device.id}
        {device.groupName ? ` · ${device.groupName}` : ''}
      </div>
      <table className={styles.popupValues} data-testid="map-popup-values">
        <tbody>
          {device.values.map((v) => (
            <tr key={v.code}>
              <th scope="row">{parameterName(v.code, lang)}</th>
              <td>{formatParameterValue(v.code, v.value, lang)}</td>
            </tr>
          ))}
          {device.values.length === 0 && (
            <tr>
              <td colSpan={2}>{t('map.noValues')}</td>
            </tr>
          )}
        </tbody>
      </table>
      <div className={styles.popupMuted}>
        {t('list.columns.lastReportTime')}:{' '}
        <span data-testid="map-popup-time">{formatReportTime(device.lastReportTime)}</span>
      </div>
      <Button
        type="link"
        size="small"
        className={styles.popupLink}
        href={`#/device/detail/${encodeURIComponent(device.id)}`}
        onClick={(e) => {
          e.preventDefault();
          void navigate(`/device/detail/${encodeURIComponent(device.id)}`);
        }}
        data-testid="map-popup-detail"
      >
        {t('map.openDetail')} <RightOutlined />
      </Button>
    </div>
  );
}

/**
 * One Leaflet marker per device (positions already in tile coordinates), styled by online status,
 * with a popup that follows live updates. Markers move when their device's position changes.
 */
export function DeviceMapMarkers({ devices }: { devices: readonly MapDevice[] }): ReactNode {
  const { i18n } = useTranslation('devices');
  const lang = toLanguage(i18n.language);
  return (
    <>
      {devices.map(({ device, position }) => (
        <Marker
          key={device.id}
          position={[position.lat, position.lng]}
          icon={ICONS[device.status]}
          title={device.alias || device.name}
          alt={device.id}
        >
          <Popup minWidth={220} maxWidth={300} autoPanPaddingTopLeft={[52, 16]} autoPanPaddingBottomRight={[16, 16]}>
            <DevicePopup device={device} lang={lang} />
          </Popup>
        </Marker>
      ))}
    </>
  );
}
