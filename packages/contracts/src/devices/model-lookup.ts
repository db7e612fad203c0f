/**
 * Lookups over every model the server knows: the SPEC §3 models of `models.ts` and the equipment
 * models of `meters/families.ts` (a separate file so that neither of the two tables imports the other).
 */
import { EQUIPMENT_MODELS, equipmentFamilyOf } from '../meters/families';
import { DEVICE_MODELS, FAMILY_LIMITS, type DeviceModelDefinition, type FamilyLimits } from './models';

const MODEL_BY_CODE: ReadonlyMap<string, DeviceModelDefinition> = new Map(
  [...DEVICE_MODELS, ...EQUIPMENT_MODELS].map((m) => [m.code, m]),
);

/**
 * The model row of `code` (a SPEC §3 model, or an equipment model of `meters/families.ts`), or
 * undefined for an unknown code.
 */
export function getDeviceModel(code: string): DeviceModelDefinition | undefined {
  return MODEL_BY_CODE.get(code);
}

/**
 * The period fields that apply to `model` with their limits (minutes, SPEC §5) and its boolean
 * settings; gateways get remote shutdown only. Undefined for an unknown model.
 */
export function deviceSettingsFor(model: string): FamilyLimits | undefined {
  const def = MODEL_BY_CODE.get(model);
  if (!def) return undefined;
  if (def.family) return FAMILY_LIMITS[def.family];
  const equipment = equipmentFamilyOf(model);
  if (equipment) return { nameZh: equipment.nameZh, nameEn: equipment.nameEn, periods: {}, shutdown: [] };
  return { nameZh: '网关', nameEn: 'Gateway', periods: {}, shutdown: ['remoteShutdown'] };
}
