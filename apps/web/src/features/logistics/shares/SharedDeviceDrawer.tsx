import { useState, type ReactNode } from 'react';
import { Alert, Descriptions, Drawer, Space, Spin, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SharedDevice } from '@ztj/contracts';
import { toLanguage } from '../../../platform/i18n/i18n';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { HistoryRangePicker } from '../../devices/HistoryRangePicker';
import type { HistoryRangeValue } from '../../devices/historyRange';
import { ParameterValues } from '../../devices/ParameterValues';
import { formatReportTime } from '../../devices/parameterFormat';
import { StatusTag } from '../../devices/StatusTag';
import { useSharedDevice } from './api';
import { formatShareTime } from './shareFormat';
import { SharedAlarms, SharedChart, SharedTable, SharedTrack } from './SharedDeviceTabs';

/**
 * Read-only detail of a device shared with me: who shared it and until when, latest values and
 * position, then history (chart, table), track and alarms over a chosen range. The detail is
 * re-read from the server on open, so an ended or expired share shows "no longer valid".
 */
export function SharedDeviceDrawer({
  shared,
  onClose,
}: {
  shared: SharedDevice | null;
  onClose: () => void;
}): ReactNode {
  const { t, i18n } = useTranslation('shares');
  const lang = toLanguage(i18n.language);
  const { isMobile } = useResponsive();
  const [range, setRange] = useState<HistoryRangeValue>({ key: '7d' });
  const fresh = useSharedDevice(shared?.device.id ?? null);
  const s = fresh.data ?? null;
  const d = s?.device;
  return (
    <Drawer
      open={shared !== null}
      onClose={onClose}
      width={isMobile ? '100%' : 900}
      title={shared ? `${shared.device.alias || shared.device.name} · ${t('device.readOnly')}` : ''}
      destroyOnHidden
    >
      {fresh.isError && <Alert type="error" showIcon title={fresh.error.message} data-testid="shared-denied" />}
      <Spin spinning={fresh.isLoading}>
        {s && d && (
          <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="shared-detail">
            <Descriptions size="small" bordered column={isMobile ? 1 : 2}>
              <Descriptions.Item label={t('fields.deviceId')}>{d.id}</Descriptions.Item>
              <Descriptions.Item label={t('fields.deviceStatus')}>
                <StatusTag status={d.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.from')}>
                {s.fromTenant} · {s.fromUser}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.until')}>
                {formatShareTime(s.expireTime, t('noExpiry'))}
              </Descriptions.Item>
              <Descriptions.Item label={t('device.lastReport')}>{formatReportTime(d.lastReportTime)}</Descriptions.Item>
              <Descriptions.Item label={t('device.position')}>
                {d.lat === null || d.lng === null ? '—' : `${d.lat.toFixed(5)}, ${d.lng.toFixed(5)}`}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.latest')} span={isMobile ? 1 : 2}>
                <ParameterValues values={d.values} lang={lang} max={12} />
              </Descriptions.Item>
              {s.note && (
                <Descriptions.Item label={t('fields.note')} span={isMobile ? 1 : 2}>
                  {s.note}
                </Descriptions.Item>
              )}
            </Descriptions>
            <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
              <Space wrap>
                <HistoryRangePicker value={range} onChange={setRange} />
                <Tag>{t('device.readOnly')}</Tag>
              </Space>
            </div>
            <Tabs
              destroyOnHidden
              items={[
                {
                  key: 'chart',
                  label: t('device.chart'),
                  children: <SharedChart device={d} range={range} lang={lang} />,
                },
                {
                  key: 'table',
                  label: t('device.table'),
                  children: <SharedTable device={d} range={range} lang={lang} />,
                },
                {
                  key: 'track',
                  label: t('device.track'),
                  children: <SharedTrack device={d} range={range} lang={lang} />,
                },
                { key: 'alarms', label: t('device.alarms'), children: <SharedAlarms device={d} lang={lang} /> },
              ]}
            />
          </Space>
        )}
      </Spin>
    </Drawer>
  );
}
