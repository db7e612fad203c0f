import { formatMessage, type DeviceRecord, type Language } from '@ztj/contracts';
import { AppError } from '../../platform/http/app-error';
import { dayOf, dayText } from '../meters/energy';
import { METER_REPORT_EXPORTER } from '../meters/energy-export';
import { isMeterModel } from '../meters/meter-config';

/**
 * The device report dialog's meter report (SPEC §9 export file type `b`): the devices
 * picked must all be meters (ammeters and plugs, the families with the P054 kWh counter), the
 * range `startTime`…`endTime` (ms epoch) becomes the local days (Asia/Shanghai, inclusive) of the
 * meter report, and the job is the meters module's own exporter (the same one
 * `GET /wlx/meter/energy/exportXls` queues: one export path). Always Excel.
 * @throws AppError badRequest equipmentNotMeter with a field error on `reportType` when a device is not a meter
 */
export function meterReportJob(
  devices: readonly Pick<DeviceRecord, 'id' | 'model'>[],
  startTime: number,
  endTime: number,
  lang: Language,
): { exporter: typeof METER_REPORT_EXPORTER; query: { ids: string; beginDate: string; endDate: string } } {
  if (!devices.every((d) => isMeterModel(d.model))) {
    throw new AppError('badRequest', 'equipmentNotMeter', {}, [
      { field: 'reportType', message: formatMessage('equipmentNotMeter', lang) },
    ]);
  }
  const query = {
    ids: devices.map((d) => d.id).join(','),
    beginDate: dayText(dayOf(startTime)),
    endDate: dayText(dayOf(endTime)),
  };
  return { exporter: METER_REPORT_EXPORTER, query };
}
