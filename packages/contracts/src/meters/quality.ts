import { z } from 'zod';
import { DevNoSchema } from '../devices-api/schemas';

/**
 * Data quality of a meter's energy register (SPEC §2 ammeter chart / plug chart). The register
 * semantics (server `modules/meters/register.ts`) classify each step between two successive
 * readings; the steps that change how consumption is counted are kept as events and listed on the
 * meter screen:
 * - `reset`: the counter dropped to near zero (meter replaced or cleared); counted from the new value;
 * - `rollover`: the register wrapped at its maximum (`counterMax`); counted across the wrap;
 * - `spike`: the counter rose more than the meter's rated power allows over the elapsed time; not counted;
 * - `drop`: the counter fell by more than the noise tolerance without reaching zero or wrapping; not counted.
 * A drop within the register's resolution or the noise tolerance is noise: ignored, not listed.
 */
export const REGISTER_EVENT_KINDS = ['reset', 'rollover', 'spike', 'drop'] as const;
export type RegisterEventKind = (typeof REGISTER_EVENT_KINDS)[number];
/** Event kinds that are anomalies (the step is not counted). */
export const REGISTER_ANOMALIES: readonly RegisterEventKind[] = ['spike', 'drop'];

/**
 * Rated power of a meter family on the register side (before CT × PT), W: the most the register
 * can plausibly advance per hour. Single-phase direct meter 60 A × 250 V; three-phase direct meter
 * 3 × 100 A × 250 V (a CT-connected meter sees at most its 5 A secondary, far less); plug 16 A × 250 V.
 */
export const REGISTER_RATED_POWER_W: Readonly<Record<string, number>> = {
  ammeter1p: 15_000,
  ammeter3p: 75_000,
  smartPlug: 4_000,
};
/**
 * Rated power on the register side of a CT-connected meter (CT ratio above 1), W: it measures the
 * transformer's secondary, at most 6 A per phase (a 5 A secondary with 20 % overload) × 250 V.
 */
export const REGISTER_CT_RATED_POWER_W: Readonly<Record<string, number>> = {
  ammeter1p: 1_500,
  ammeter3p: 4_500,
};
/** Resolution of the energy register, kWh (two decimals). */
export const REGISTER_RESOLUTION_KWH = 0.01;
/** A backwards step up to this much (kWh) is noise (reading jitter, a relay's last Wh), never a reset. */
export const REGISTER_NOISE_KWH = 0.1;

/**
 * Demo CT ratios of the simulator's ammeters, by id suffix after the fleet prefix (`SIM-AM3-001`):
 * the simulator reports the secondary side (power, current, energy ÷ CT) and the server's demo
 * seed configures the same CT, so the screens show the store's primary-side load.
 */
export const DEMO_METER_CT: Readonly<Record<string, number>> = { 'AM1-001': 1, 'AM3-001': 40, 'AM3-002': 20 };

/** One register event (see the file comment). Values as read (kWh before CT × PT), times ms epoch. */
export const RegisterEventSchema = z.object({
  kind: z.enum(REGISTER_EVENT_KINDS),
  /** Device time of the reading that caused the event, ms. */
  ts: z.number(),
  /** The reading before it, ms and kWh. */
  prevTs: z.number(),
  prevKWh: z.number(),
  /** The reading itself, kWh. */
  kWh: z.number(),
  /** kWh counted for this step (× CT × PT): 0 for spikes and drops. */
  countedKWh: z.number(),
});
export type RegisterEvent = z.infer<typeof RegisterEventSchema>;

/** `GET /wlx/meter/energy/quality?id=&beginDate=&endDate=`: register events of one meter over a date range. */
export const EnergyQualityQuerySchema = z.object({
  id: DevNoSchema,
  beginDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid'),
  endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid'),
});
/** Answer: events newest first (at most {@link ENERGY_QUALITY_MAX}), with how many there were. */
export const EnergyQualitySchema = z.object({
  id: z.string(),
  ratio: z.number(),
  events: z.array(RegisterEventSchema),
  total: z.number().int(),
});
export type EnergyQuality = z.infer<typeof EnergyQualitySchema>;
/** Most events in one answer. */
export const ENERGY_QUALITY_MAX = 200;
