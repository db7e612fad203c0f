import { PARAMETERS, type ParameterCode } from '@ztj/contracts';
import type { z } from 'zod';
import type { ParamDefaultSchema } from '@ztj/contracts';

/** One monitoring parameter default (SPEC §7 monitoring parameter defaults). */
export type ParamDefault = z.infer<typeof ParamDefaultSchema>;

/**
 * Suggested alarm limits the template editor starts from, in the parameter's unit. Choices:
 * - temperature P003 and probes P031-P033: 2…8 °C, the refrigerated band of pharmaceutical cold
 *   chains (GSP); a frozen load is written by the administrator (e.g. above −15 °C);
 * - humidity P004, P034-P036: 35…75 %RH, the GSP warehouse band;
 * - battery P005: low 20 %; signal P012: low −110 dBm;
 * - vibration P007 and jolt P009: high 5 g (SPEC §9 free-fall total vibration); tilt P008: 70° (SPEC §9);
 * - speed P013: high 120 km/h (Chinese expressway limit);
 * - CO2 P022: high 1,000 ppm (GB/T 18883 indoor air); NH3 P030: high 25 ppm; H2S P046: high 10 ppm;
 *   O2 P044: low 19.5 %vol (confined spaces).
 * Every other numeric parameter has no suggestion (null, null).
 */
const SUGGESTED: Partial<Record<ParameterCode, [number | null, number | null]>> = {
  P003: [2, 8],
  P031: [2, 8],
  P032: [2, 8],
  P033: [2, 8],
  P004: [35, 75],
  P034: [35, 75],
  P035: [35, 75],
  P036: [35, 75],
  P005: [20, null],
  P012: [-110, null],
  P007: [null, 5],
  P009: [null, 5],
  P008: [null, 70],
  P013: [null, 120],
  P022: [null, 1000],
  P030: [null, 25],
  P046: [null, 10],
  P044: [19.5, null],
};

/** Every numeric parameter of `parameters.ts` with unit, physical range and suggested limits. */
export function paramDefaults(): ParamDefault[] {
  const out: ParamDefault[] = [];
  for (const p of PARAMETERS) {
    if (p.valueType !== 'number') continue;
    const [low, high] = SUGGESTED[p.code] ?? [null, null];
    out.push({
      code: p.code,
      nameZh: p.nameZh,
      nameEn: p.nameEn,
      unit: p.unit,
      min: p.range[0],
      max: p.range[1],
      low,
      high,
    });
  }
  return out;
}
