import { z } from 'zod';
import { isParameterCode } from '../devices/parameters';

/**
 * Modbus register maps (SPEC §2 external devices, §7 "third-party device
 * endpoints … modbus"). A map says, per device model, which registers the poller reads, how it
 * decodes them and which parameter code (SPEC §3 / P063-P074) each one feeds; writable registers
 * carry the device command they serve (`setSetPoint` → set-point register, `setSwitch` → relay).
 *
 * Decoding: the raw value of `type` (16-bit types use one register, 32-bit types two) is read with
 * `byteOrder` inside each register and `wordOrder` between the two registers of a 32-bit value;
 * the reading is `raw × scale + offset` in the parameter's unit. Boolean parameters read non-zero
 * as true. Writes invert it: `raw = round((value − offset) / scale)`.
 */

export const REGISTER_KINDS = ['holding', 'input'] as const;
export type RegisterKind = (typeof REGISTER_KINDS)[number];
export const REGISTER_TYPES = ['int16', 'uint16', 'int32', 'uint32', 'float32'] as const;
export type RegisterType = (typeof REGISTER_TYPES)[number];
export const REGISTER_ORDERS = ['big', 'little'] as const;
export type RegisterOrder = (typeof REGISTER_ORDERS)[number];
/** Commands a writable register serves (see DeviceCommandSchema). */
export const REGISTER_COMMANDS = ['setSwitch', 'setSetPoint'] as const;
export type RegisterCommand = (typeof REGISTER_COMMANDS)[number];

/** Registers (16-bit words) a value of `type` takes. */
export function registerWords(type: RegisterType): 1 | 2 {
  return type === 'int16' || type === 'uint16' ? 1 : 2;
}

/** Most registers in one map; longest block the poller reads at once (Modbus limit 125). */
export const REGISTER_MAP_MAX = 64;
export const MODBUS_BLOCK_MAX = 125;

/** One register (or register pair) of a map. */
export const RegisterSchema = z.object({
  kind: z.enum(REGISTER_KINDS),
  /** Protocol address of the first register, 0-65535 (zero-based, as on the wire). */
  address: z
    .number()
    .int('validation.invalid')
    .min(0, 'validation.modbusAddressRange')
    .max(65535, 'validation.modbusAddressRange'),
  type: z.enum(REGISTER_TYPES),
  wordOrder: z.enum(REGISTER_ORDERS).default('big'),
  byteOrder: z.enum(REGISTER_ORDERS).default('big'),
  scale: z
    .number()
    .finite()
    .refine((v) => v !== 0, 'validation.modbusScaleZero')
    .default(1),
  offset: z.number().finite().default(0),
  /** Target parameter code (P003 °C, P051 V, P052 A, P053 W, P054 kWh, P063 …). */
  param: z.string().refine((c) => isParameterCode(c), 'validation.ruleUnknownParameter'),
  /** The command that writes this register (holding registers only). */
  command: z.enum(REGISTER_COMMANDS).nullable().default(null),
  /** Well (1-based) a set-point register serves on pots and cookers; null = every well / the only one. */
  well: z.number().int().min(1).max(8).nullable().default(null),
});
export type Register = z.infer<typeof RegisterSchema>;
export type RegisterInput = z.input<typeof RegisterSchema>;

/**
 * Checks what a field schema cannot: a value running past 65535, two registers of the same kind
 * sharing a word, a command on an input register, a parameter fed twice. Issues are field-level
 * (`registers.<i>.address` …) with translated `validation.*` keys.
 */
export function refineRegisters(
  registers: readonly Register[],
  ctx: z.RefinementCtx,
  base: (string | number)[] = ['registers'],
): void {
  const seen = new Map<string, number>();
  registers.forEach((r, i) => {
    const last = r.address + registerWords(r.type) - 1;
    if (last > 65535 && r.address <= 65535)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [...base, i, 'address'],
        message: 'validation.modbusAddressRange',
      });
    if (r.command && r.kind !== 'holding')
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [...base, i, 'command'],
        message: 'validation.modbusWriteInput',
      });
    registers.forEach((o, j) => {
      if (j >= i || o.kind !== r.kind) return;
      const oLast = o.address + registerWords(o.type) - 1;
      if (o.address <= last && r.address <= oLast)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [...base, i, 'address'],
          message: 'validation.modbusRegisterOverlap',
        });
    });
    const key = `${r.param}/${r.well ?? ''}/${r.command ?? ''}`;
    if (!r.command && seen.has(key))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [...base, i, 'param'],
        message: 'validation.modbusParamTwice',
      });
    seen.set(key, i);
  });
}

/** A register list, validated as a whole. */
export const RegisterListSchema = z
  .array(RegisterSchema)
  .min(1, 'validation.required')
  .max(REGISTER_MAP_MAX, 'validation.tooLong')
  .superRefine((regs, ctx) => refineRegisters(regs, ctx, []));

/** A named register map of a device model. */
export interface RegisterMapDefinition {
  readonly code: string;
  readonly nameZh: string;
  readonly nameEn: string;
  /** Device model the map fits (equipment model code, e.g. AM-3P). */
  readonly model: string;
  /** Where the layout comes from and what differs from the vendor's. */
  readonly note: string;
  readonly registers: readonly Register[];
}

const reg = (r: RegisterInput): Register => RegisterSchema.parse(r);
const f32 = (address: number, param: string): Register => reg({ kind: 'input', address, type: 'float32', param });

/**
 * Built-in maps.
 *
 * `sdm630-3p`: an Eastron SDM630-style three-phase meter (input registers, IEEE-754 float32,
 * big-endian words and bytes): 0x0000/02/04 phase voltages V, 0x0006/08/0A phase currents A,
 * 0x0034 total system power W, 0x003E total system power factor, 0x0048 total import kWh →
 * AM-3P channels P051/P071/P072, P052/P073/P074, P053, P063, P054.
 *
 * `pid-cooker`: a generic PID temperature controller (holding registers, int16 × 0.1 °C):
 * 0x0000 process value PV → P003, 0x0001 set-point SV → P070 (written by `setSetPoint`),
 * 0x0002 output/heater relay 0/1 → P065, 0x0003 run/stop 0/1 → P066 (written by `setSwitch`).
 * Fits a boil pot or an oden cooker (well 1) fed by such a controller.
 */
export const REGISTER_MAPS: readonly RegisterMapDefinition[] = [
  {
    code: 'sdm630-3p',
    nameZh: '三相电能表（SDM630 类）',
    nameEn: 'Three-phase energy meter (SDM630-style)',
    model: 'AM-3P',
    note: 'Eastron SDM630 input registers, float32 big-endian (function code 04)',
    registers: [
      f32(0x0000, 'P051'),
      f32(0x0002, 'P071'),
      f32(0x0004, 'P072'),
      f32(0x0006, 'P052'),
      f32(0x0008, 'P073'),
      f32(0x000a, 'P074'),
      f32(0x0034, 'P053'),
      f32(0x003e, 'P063'),
      f32(0x0048, 'P054'),
    ],
  },
  {
    code: 'pid-cooker',
    nameZh: 'PID 温控器（煮锅/关东煮）',
    nameEn: 'PID temperature controller (pot / cooker)',
    model: 'BP-2W',
    note: 'Generic PID controller holding registers, int16 × 0.1 °C (function codes 03/06)',
    registers: [
      reg({ kind: 'holding', address: 0, type: 'int16', scale: 0.1, param: 'P003' }),
      reg({ kind: 'holding', address: 1, type: 'int16', scale: 0.1, param: 'P070', command: 'setSetPoint' }),
      reg({ kind: 'holding', address: 2, type: 'uint16', param: 'P065' }),
      reg({ kind: 'holding', address: 3, type: 'uint16', param: 'P066', command: 'setSwitch' }),
    ],
  },
];

/** A built-in map by code. */
export function registerMapOf(code: string): RegisterMapDefinition | undefined {
  return REGISTER_MAPS.find((m) => m.code === code);
}
