import { z } from 'zod';

/**
 * Live telemetry pushed on the console WebSocket `/websocket/{userId}` (SPEC §7) after a batch is
 * committed (ARCHITECTURE §1 live fan-out): at most one message per second per tenant, only to
 * users of the devices' tenant, the newest reading of each device that reported since the last one.
 * `ts` is device time (ms epoch); `lat`/`lng` WGS-84 degrees; `values` by parameter code (SPEC §3 units).
 */
export const WsTelemetryMessageSchema = z.object({
  cmd: z.literal('telemetry'),
  devices: z.array(
    z.object({
      deviceId: z.string(),
      ts: z.number().int(),
      values: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
    }),
  ),
});
export type WsTelemetryMessage = z.infer<typeof WsTelemetryMessageSchema>;

/** Smallest interval between two telemetry messages to one tenant, ms. */
export const LIVE_TELEMETRY_MIN_INTERVAL_MS = 1_000;
