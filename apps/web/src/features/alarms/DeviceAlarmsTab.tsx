import { useMemo, type ReactNode } from 'react';
import { AlarmRoutes, type AlarmRecord } from '@ztj/contracts';
import { AlarmListView } from './AlarmListView';

/** The device detail's alarms tab: this device's alarms, live, with the process action. */
export function DeviceAlarmsTab({ deviceId }: { deviceId: string }): ReactNode {
  const defaultQuery = useMemo(() => ({ deviceId }), [deviceId]);
  const accept = useMemo(() => (a: AlarmRecord) => a.deviceId === deviceId, [deviceId]);
  return (
    <AlarmListView
      route={AlarmRoutes.list}
      sourceKey="/device/detail/alarms"
      testId="device-alarms"
      defaultQuery={defaultQuery}
      accept={accept}
      withoutDevice
    />
  );
}
