import { acquisitionFieldOf, acquisitionPeriodError, formatMessage, type Language } from '@ztj/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, Queryable } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import { logDevice, sendLoggedCommand, type CommandChannel } from '../../devices/devices.service';

/**
 * The warehouse's acquisition period (SPEC §3, minutes) against its devices (SPEC §5 limits per
 * model, via `acquisitionFieldOf` / `validateDevicePeriods` of the contracts): checked before a
 * save, then written into each device's settings and sent down as a `setPeriods` command, exactly
 * as a device edit does (devices.service `sendLoggedCommand`). Gateways have no period and are
 * left alone.
 */

/** The device command channel (the ingest runtime's broker connection). */
export type PeriodChannel = CommandChannel;

/**
 * Refuses a period outside the limits of any device's model (field `field`, message naming the
 * device, its model and the limits). Null period: nothing to check.
 * @throws AppError badRequest warehousePeriodOutOfRange.
 */
export async function checkAcquisitionPeriod(
  q: Queryable,
  lang: Language,
  tenantId: number,
  deviceIds: readonly string[],
  period: number | null,
  field = 'acquisitionPeriod',
): Promise<void> {
  if (period == null || !deviceIds.length) return;
  const rows = await q.query<{ dev_no: string; model: string }>(
    'SELECT dev_no, model FROM device WHERE tenant_id = $1 AND dev_no = ANY($2::text[]) ORDER BY dev_no',
    [tenantId, [...deviceIds]],
  );
  for (const d of rows) {
    const limit = acquisitionPeriodError(d.model, period);
    if (!limit) continue;
    const params = { device: d.dev_no, model: d.model, min: limit.min, max: limit.max };
    throw new AppError('badRequest', 'warehousePeriodOutOfRange', params, [
      { field, message: formatMessage('warehousePeriodOutOfRange', lang, params) },
    ]);
  }
}

/**
 * Writes `period` (minutes) into the settings of the devices among `deviceIds` whose value
 * differs, logs the change and sends `setPeriods` when a channel is given. Null period: nothing.
 */
export async function applyAcquisitionPeriod(
  db: Db,
  channel: PeriodChannel | null,
  auth: AuthContext,
  deviceIds: readonly string[],
  period: number | null,
): Promise<void> {
  if (period == null || !deviceIds.length) return;
  const rows = await db.query<{ dev_no: string; model: string; periods: unknown }>(
    'SELECT dev_no, model, periods FROM device WHERE tenant_id = $1 AND dev_no = ANY($2::text[])',
    [auth.tenantId, [...deviceIds]],
  );
  for (const d of rows) {
    const field = acquisitionFieldOf(d.model);
    const current = (typeof d.periods === 'string' ? JSON.parse(d.periods) : (d.periods ?? {})) as Record<
      string,
      unknown
    >;
    if (!field || current[field] === period) continue;
    const settings = { [field]: period };
    await db.tx(async (q) => {
      await q.query(
        'UPDATE device SET periods = periods || $3::jsonb, update_by = $4, update_time = now() WHERE tenant_id = $1 AND dev_no = $2',
        [auth.tenantId, d.dev_no, JSON.stringify(settings), auth.username],
      );
      await logDevice(q, {
        deviceId: d.dev_no,
        tenantId: auth.tenantId,
        kind: 'config',
        content: JSON.stringify(settings),
        operator: auth.username,
      });
    });
    if (channel) {
      channel.invalidate(d.dev_no);
      await sendLoggedCommand(db, channel, auth, d.dev_no, {
        cmdId: crypto.randomUUID(),
        ts: Date.now(),
        type: 'setPeriods',
        periods: settings,
      });
    }
  }
}
