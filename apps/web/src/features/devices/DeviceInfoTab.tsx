import type { ReactNode } from 'react';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERIOD_FIELDS, getDeviceModel, type DeviceDetail } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { formatPower, formatReportTime, formatSignal } from './parameterFormat';
import { StatusTag } from './StatusTag';

/** Basic information of a device: identity, model and kind, group, status, work windows, periods. */
export function DeviceInfoTab({ device }: { device: DeviceDetail }): ReactNode {
  const { t, i18n } = useTranslation('devices');
  const lang = toLanguage(i18n.language);
  const kind = getDeviceModel(device.model)?.kind ?? device.type;
  const periods = PERIOD_FIELDS.filter((f) => device.periods[f] !== undefined);
  return (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3 }} data-testid="device-info">
      <Descriptions.Item label={t('list.columns.name')}>{device.name}</Descriptions.Item>
      <Descriptions.Item label={t('info.alias')}>{device.alias || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('list.columns.id')}>{device.id}</Descriptions.Item>
      <Descriptions.Item label={t('list.columns.model')}>{device.model}</Descriptions.Item>
      <Descriptions.Item label={t('info.kind')}>{t(`kind.${kind}`)}</Descriptions.Item>
      <Descriptions.Item label={t('list.columns.group')}>{device.groupName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('info.firmware')}>{device.firmware ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('list.columns.status')}>
        <StatusTag status={device.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('info.workStatus')}>{t(`workStatus.${device.workStatus}`)}</Descriptions.Item>
      <Descriptions.Item label={t('info.workWindows')}>
        {device.workWindows.length === 0
          ? t('info.allDay')
          : device.workWindows.map((w) => <Tag key={`${w.start}-${w.end}`}>{`${w.start}–${w.end}`}</Tag>)}
      </Descriptions.Item>
      <Descriptions.Item label={t('list.columns.power')}>{formatPower(device.power, lang)}</Descriptions.Item>
      <Descriptions.Item label={t('list.columns.signal')}>{formatSignal(device.signal, lang)}</Descriptions.Item>
      <Descriptions.Item label={t('info.bindStatus')}>{t(`bindStatus.${device.bindStatus}`)}</Descriptions.Item>
      <Descriptions.Item label={t('list.columns.lastReportTime')}>
        {formatReportTime(device.lastReportTime)}
      </Descriptions.Item>
      <Descriptions.Item label={t('info.position')}>
        {device.lat !== null && device.lng !== null ? (
          <span data-testid="device-position">
            {`${device.lat.toFixed(5)}, ${device.lng.toFixed(5)}`}
            {device.locationName && (
              <Tag color="blue" style={{ marginInlineStart: 8 }} data-testid="device-location-name">
                {device.locationDistanceM
                  ? t('info.locationNear', { name: device.locationName, metres: device.locationDistanceM })
                  : t('info.locationInside', { name: device.locationName })}
              </Tag>
            )}
          </span>
        ) : (
          '—'
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('info.createTime')}>{formatReportTime(device.createTime)}</Descriptions.Item>
      {periods.map((f) => (
        <Descriptions.Item key={f} label={t(`periods.${f}`)}>
          {t('edit.minutes', { count: device.periods[f] })}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
