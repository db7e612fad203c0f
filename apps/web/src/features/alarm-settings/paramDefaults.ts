import { PARAMETERS, getParameter, type AlarmSettingsRoutes, type RouteResult } from '@ztj/contracts';

/** One monitoring parameter default (paramDefaults call): code, names, unit, range, suggested limits. */
export type ParamDefault = RouteResult<typeof AlarmSettingsRoutes.paramDefaults>[number];

/**
 * The numeric parameters of the contracts' table (SPEC §3) as defaults without suggested limits:
 * what the editor offers while the paramDefaults call loads or when it fails.
 */
export function localParamDefaults(): ParamDefault[] {
  return PARAMETERS.flatMap((p) =>
    p.valueType === 'number'
      ? [
          {
            code: p.code,
            nameZh: p.nameZh,
            nameEn: p.nameEn,
            unit: p.unit,
            min: p.range[0],
            max: p.range[1],
            low: null,
            high: null,
          },
        ]
      : [],
  );
}

/** Name of a parameter in the console language (`zh-CN` → nameZh, else nameEn); the code when unknown. */
export function paramName(code: string, defaults: readonly ParamDefault[], lang: string): string {
  const p = defaults.find((d) => d.code === code) ?? localParamDefaults().find((d) => d.code === code);
  if (!p) return code;
  return lang.startsWith('zh') ? p.nameZh : p.nameEn;
}

/** Unit of a parameter ('' when unitless or unknown). */
export function paramUnit(code: string, defaults: readonly ParamDefault[]): string {
  return (defaults.find((d) => d.code === code) ?? localParamDefaults().find((d) => d.code === code))?.unit ?? '';
}

/** Name of any parameter of the contracts' table (on/off ones too) in the console language; the code when unknown. */
export function tableParamName(code: string, lang: string): string {
  const p = getParameter(code);
  if (!p) return code;
  return lang.startsWith('zh') ? p.nameZh : p.nameEn;
}
