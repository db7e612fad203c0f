import { useMemo, type ReactNode } from 'react';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@ztj/contracts';
import { patchDeviceRows } from '../devices/deviceLive';
import { formatReportTime } from '../devices/parameterFormat';
import { ParameterValues } from '../devices/ParameterValues';
import { StatusTag } from '../devices/StatusTag';
import { useDeviceLive } from '../devices/useDeviceLive';
import { useScreenDevices } from './api';
import styles from './yakult.module.css';

/**
 * The customer's devices with their latest values, live: the device list's rows (newest report
 * first) patched with the WebSocket frames as they come (the device area's `useDeviceLive`).
 * Cards rather than a table so the list reads on a phone.
 */
export function YakultDevices({ lang }: { lang: Language }): ReactNode {
  const { t } = useTranslation('yakult');
  const devices = useScreenDevices();
  const { live } = useDeviceLive();
  const rows = useMemo(() => patchDeviceRows(devices.data?.records ?? [], live), [devices.data, live]);
  if (devices.isLoading) return <Spin />;
  if (!devices.data) return <Empty description={t('devices.none')} />;
  if (rows.length === 0) return <Empty description={t('devices.empty')} />;
  return (
    <ul className={styles.devices} data-testid="yakult-devices">
      {rows.map((d) => (
        <li key={d.id} className={styles.device} data-testid="yakult-device" data-device={d.id}>
          <div className={styles.deviceHead}>
            <span className={styles.deviceName}>{d.alias || d.name}</span>
            <StatusTag status={d.status} />
          </div>
          <div className={styles.deviceId}>
            {d.id} · {formatReportTime(d.lastReportTime)}
          </div>
          <ParameterValues values={d.values} lang={lang} max={4} />
        </li>
      ))}
    </ul>
  );
}
