import type { TFunction } from 'i18next';
import { WarehouseAddSchema, type WarehouseAdd, type WarehouseRecord } from '@ztj/contracts';
import { issuesToFields, type FieldEntry } from '../../../platform/forms/formIssues';

/**
 * The 3-step warehouse form (SPEC §2 warehouse creation: 1 fill information and configure devices,
 * 2 set monitoring rules, 3 completed; §3 fields). Values are checked with the contracts'
 * `WarehouseAddSchema`, so the form shows the server's field errors word for word.
 */
export interface WarehouseFormValues {
  name: string;
  number: string;
  description: string;
  note: string;
  /** Minutes, or null to leave the devices' periods. */
  acquisitionPeriod: number | null;
  /** Comma-joined device ids (picker field). */
  deviceIds: string;
  monitorUserIds: string[];
  templateIds: string[];
}

/** Which step holds a field: the rule templates are step 2 (index 1), everything else step 1. */
export function stepOf(name: readonly (string | number)[]): number {
  return String(name[0]) === 'templateIds' ? 1 : 0;
}

/** Empty form. */
export function emptyWarehouseForm(): WarehouseFormValues {
  return {
    name: '',
    number: '',
    description: '',
    note: '',
    acquisitionPeriod: null,
    deviceIds: '',
    monitorUserIds: [],
    templateIds: [],
  };
}

/** Form values of a stored warehouse (edit). */
export function warehouseToForm(w: WarehouseRecord): WarehouseFormValues {
  return {
    name: w.name,
    number: w.number,
    description: w.description,
    note: w.note,
    acquisitionPeriod: w.acquisitionPeriod,
    deviceIds: w.devices.map((d) => d.id).join(','),
    monitorUserIds: w.monitors.map((m) => m.id),
    templateIds: w.templates.map((x) => x.id),
  };
}

/** The request body of the form and its field errors (translated), per the contracts' schema. */
export function validateWarehouse(v: WarehouseFormValues, t: TFunction): { body: WarehouseAdd; errors: FieldEntry[] } {
  const body: WarehouseAdd = {
    name: v.name ?? '',
    number: v.number ?? '',
    description: v.description ?? '',
    note: v.note ?? '',
    acquisitionPeriod: v.acquisitionPeriod ?? null,
    deviceIds: (v.deviceIds ?? '').split(',').filter(Boolean),
    monitorUserIds: v.monitorUserIds ?? [],
    templateIds: v.templateIds ?? [],
  };
  const parsed = WarehouseAddSchema.safeParse(body);
  return { body, errors: parsed.success ? [] : issuesToFields(parsed.error.issues, t) };
}
