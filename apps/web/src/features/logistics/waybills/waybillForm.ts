import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { WaybillAddSchema, type WaybillAdd, type WaybillDetail } from '@ztj/contracts';
import { issuesToFields, type FieldEntry } from '../../../platform/forms/formIssues';

/**
 * The 4-step waybill form (SPEC §2 edit steps 1-4): 1 basic information (§3 fields), 2 devices,
 * 3 preset route, monitoring accounts and the AI option, 4 confirm. Values are checked with the
 * contracts' `WaybillAddSchema` (§5), so the form shows the server's field errors word for word.
 */
export interface WaybillFormValues {
  name: string;
  number: string;
  innerNumber: string;
  vehicle: string;
  driverPhone: string;
  company: string;
  mileageKm: number | null;
  plannedStart: Dayjs | null;
  plannedEnd: Dayjs | null;
  /** Comma-joined device ids (picker field). */
  deviceIds: string;
  routeId: string | undefined;
  /** Comma-joined user ids (picker field). */
  monitorUserIds: string;
  aiStartStop: boolean;
}

/** Which step holds a field (steps 0-2; the confirm step has none). */
export function stepOf(name: readonly (string | number)[]): number {
  const field = String(name[0]);
  if (field === 'deviceIds') return 1;
  if (field === 'routeId' || field === 'monitorUserIds' || field === 'aiStartStop') return 2;
  return 0;
}

/** Empty form: starts at the next full hour, ends four hours later. */
export function emptyWaybillForm(now = dayjs()): WaybillFormValues {
  const start = now.add(1, 'hour').startOf('hour');
  return {
    name: '',
    number: '',
    innerNumber: '',
    vehicle: '',
    driverPhone: '',
    company: '',
    mileageKm: null,
    plannedStart: start,
    plannedEnd: start.add(4, 'hour'),
    deviceIds: '',
    routeId: undefined,
    monitorUserIds: '',
    aiStartStop: false,
  };
}

/** Form values of a stored waybill (edit). */
export function waybillToForm(w: WaybillDetail): WaybillFormValues {
  return {
    name: w.name,
    number: w.number,
    innerNumber: w.innerNumber,
    vehicle: w.vehicle,
    driverPhone: w.driverPhone,
    company: w.company,
    mileageKm: w.mileageKm,
    plannedStart: dayjs(w.plannedStart),
    plannedEnd: dayjs(w.plannedEnd),
    deviceIds: w.devices.map((d) => d.id).join(','),
    routeId: w.routeId,
    monitorUserIds: w.monitors.map((m) => m.id).join(','),
    aiStartStop: w.aiStartStop,
  };
}

const ids = (s: string | undefined): string[] => (s ?? '').split(',').filter(Boolean);

/** The request body of the form and its field errors (translated), per the contracts' schema. */
export function validateWaybill(v: WaybillFormValues, t: TFunction): { body: WaybillAdd; errors: FieldEntry[] } {
  const body = {
    name: v.name ?? '',
    number: v.number ?? '',
    innerNumber: v.innerNumber ?? '',
    vehicle: v.vehicle ?? '',
    driverPhone: v.driverPhone ?? '',
    company: v.company ?? '',
    mileageKm: v.mileageKm ?? null,
    plannedStart: v.plannedStart?.valueOf(),
    plannedEnd: v.plannedEnd?.valueOf(),
    deviceIds: ids(v.deviceIds),
    routeId: v.routeId ?? '',
    monitorUserIds: ids(v.monitorUserIds),
    aiStartStop: !!v.aiStartStop,
  } as WaybillAdd;
  const parsed = WaybillAddSchema.safeParse(body);
  return { body, errors: parsed.success ? [] : issuesToFields(parsed.error.issues, t) };
}
