import crypto from 'node:crypto';
import {
  EQUIPMENT_FAMILY_TABLE,
  VALIDATION_MESSAGES,
  acceptsCommand,
  equipmentFamilyOf,
  formatMessage,
  type DeviceCommand,
  type EquipmentCommand,
  type EquipmentFamilyDefinition,
  type Language,
} from '@ztj/contracts';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { logDevice, sendLoggedCommand, type CommandChannel } from '../devices/devices.service';
import { ONLINE_SQL } from './equipment.list';

/**
 * Equipment commands (plug on/off, pot/cooker set-point, meter reading request) through
 * the device commands' one path (`sendLoggedCommand`: broker, device log). Checked before sending:
 * the device exists in the caller's tenant, its family accepts the command (else a field error on
 * `id`), the set-point is within the family's range (°C, field error on `setPointC`), the device is
 * online — an offline device is refused with `equipmentOffline` and the refusal is written to its
 * device log (kind `command`, ok false) so the log shows what was attempted.
 */

/** The request for one equipment command. */
export type EquipmentCommandRequest =
  | { type: 'setSwitch'; on: boolean }
  | { type: 'setSetPoint'; well?: number; setPointC: number }
  | { type: 'readMeter' };

const fieldError = (field: string, message: string): AppError =>
  new AppError('badRequest', 'validationFailed', {}, [{ field, message }]);

/** The equipment row of `id` in the tenant with its family and online flag. @throws AppError notFound equipmentNotFound. */
async function equipmentOf(
  db: Db,
  tenantId: number,
  id: string,
): Promise<{ family: EquipmentFamilyDefinition; online: boolean }> {
  const row = await db.one<{ model: string; online: boolean }>(
    `SELECT d.model, ${ONLINE_SQL} AS online FROM device d WHERE d.tenant_id = $1 AND d.dev_no = $2`,
    [tenantId, id],
  );
  const family = row ? equipmentFamilyOf(row.model) : undefined;
  if (!row || !family) throw new AppError('notFound', 'equipmentNotFound');
  return { family, online: row.online };
}

/**
 * Sends an equipment command to device `id` of the caller's tenant (see the file comment).
 * @throws AppError notFound equipmentNotFound; badRequest validationFailed (command not accepted,
 *   set-point or well out of range); business equipmentOffline.
 */
export async function sendEquipmentCommand(
  db: Db,
  channel: CommandChannel,
  auth: AuthContext,
  lang: Language,
  id: string,
  request: EquipmentCommandRequest,
): Promise<{ cmdId: string; delivered: boolean }> {
  const { family, online } = await equipmentOf(db, auth.tenantId, id);
  if (!acceptsCommand(family.family, request.type as EquipmentCommand))
    throw fieldError('id', VALIDATION_MESSAGES['validation.commandUnsupported'][lang]);
  if (request.type === 'setSetPoint') {
    const [min, max] = EQUIPMENT_FAMILY_TABLE[family.family].setPointRange ?? [0, 0];
    if (request.setPointC < min || request.setPointC > max)
      throw fieldError('setPointC', formatMessage('equipmentSetPointRange', lang, { min, max }));
    const wells = family.wells ?? 1;
    if (request.well !== undefined && request.well > wells)
      throw fieldError('well', formatMessage('equipmentWellRange', lang, { wells }));
  }
  const command = { cmdId: crypto.randomUUID(), ts: Date.now(), ...request } as DeviceCommand;
  if (!online) {
    await logDevice(db, {
      deviceId: id,
      tenantId: auth.tenantId,
      kind: 'command',
      cmdId: command.cmdId,
      ok: false,
      operator: auth.username,
      content: JSON.stringify({ ...command, refused: 'offline', message: formatMessage('equipmentOffline', lang) }),
    });
    throw new AppError('business', 'equipmentOffline');
  }
  return sendLoggedCommand(db, channel, auth, id, command);
}
