import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AlarmRoutes } from '@ztj/contracts';
import { AlarmListView } from './AlarmListView';

/**
 * Alarm list (`alarm/AlarmList`, /alarm/list; SPEC §2): filters device, type,
 * severity, start time range, status, flag, processed; export of the filters or the selection
 * (`alarm:export`); new alarms appear live; process / comments / view per row. `?alarmId=` (the
 * link of push messages) opens that alarm's view drawer.
 */
export function AlarmListPage(): ReactNode {
  const [params] = useSearchParams();
  return (
    <AlarmListView
      route={AlarmRoutes.list}
      sourceKey="/alarm/list"
      testId="alarm-list"
      exportRoute={AlarmRoutes.exportXls}
      openAlarmId={params.get('alarmId')}
    />
  );
}

/** Gateway alarm list (`alarm/GatewayAlarmList`, /alarm/gateway): alarms of devices relayed by a gateway, with a gateway filter and the export of download-center type ga (SPEC §9). */
export function GatewayAlarmListPage(): ReactNode {
  return (
    <AlarmListView
      route={AlarmRoutes.gatewayList}
      sourceKey="/alarm/gateway"
      testId="gateway-alarm-list"
      exportRoute={AlarmRoutes.gatewayExportXls}
      gateway
    />
  );
}
