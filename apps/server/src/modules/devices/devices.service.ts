import crypto from 'node:crypto';
import {
  DEVICE_VALIDATION_MESSAGES,
  PERIOD_FIELDS,
  SHUTDOWN_FIELDS,
  deviceSettingsFor,
  validateDevicePeriods,
  type DeviceCommand,
  type DeviceDetail,
  type DeviceUpdate,
  type FieldError,
  type Language,
} from '@ztj/contracts';
import type { z } from 'zod';
import type { DeviceInfoSchema } from '@ztj/contracts';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Db, Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import * as writes from './device-writes.repo';
import { getDevice, toDetail } from './devices.repo';

/** Sends a command down to a device (the ingest runtime's broker connection). */
export interface CommandChannel {
  sendCommand(deviceId: string, command: DeviceCommand): Promise<boolean>;
  /** Tells the ingest cache that a device changed. */
  invalidate(deviceId: string): void;
}

/** Translates period errors of `validateDevicePeriods` into envelope field errors (SPEC §5 texts). */
export function periodFieldErrors(errors: ReturnType<typeof validateDevicePeriods>, lang: Language): FieldError[] {
  return errors.map((e) => ({
    field: e.field,
    message: DEVICE_VALIDATION_MESSAGES[e.message][lang].replace(/\{(\w+)\}/g, (_, k: 'min' | 'max') =>
      String(e.params?.[k] ?? ''),
    ),
  }));
}

/** Writes a device log line (kind `command` | `ack` | `config`). */
export async function logDevice(q: Queryable, entry: writes.DeviceLogEntry): Promise<void> {
  await writes.insertDeviceLog(q, entry);
}

/**
 * A route for commands past the broker (a Modbus-fed device gets a register write):
 * answers whether the device took it, or null when the device is not its own (then MQTT).
 */
export type CommandRoute = (tenantId: number, deviceId: string, command: DeviceCommand) => Promise<boolean | null>;
const commandRoutes = new WeakMap<Db, CommandRoute>();
/** Installs the command route of the server using `db` (integrations module). */
export function setCommandRoute(db: Db, route: CommandRoute | undefined): void {
  if (route) commandRoutes.set(db, route);
  else commandRoutes.delete(db);
}

/**
 * Sends `command` (through the command route when it takes the device, else the broker) and logs it
 * with whether it was taken, `auth.username` as operator: the one path of console and scene commands.
 */
export async function sendLoggedCommand(
  db: Db,
  channel: Pick<CommandChannel, 'sendCommand'>,
  auth: Pick<AuthContext, 'tenantId' | 'username'>,
  deviceId: string,
  command: DeviceCommand,
): Promise<{ cmdId: string; delivered: boolean }> {
  const routed = await commandRoutes.get(db)?.(auth.tenantId, deviceId, command);
  const delivered = routed ?? (await channel.sendCommand(deviceId, command));
  await logDevice(db, {
    deviceId,
    tenantId: auth.tenantId,
    kind: 'command',
    cmdId: command.cmdId,
    content: JSON.stringify(command),
    ok: delivered ? null : false,
    operator: auth.username,
  });
  return { cmdId: command.cmdId, delivered };
}

const newCmdId = (): string => crypto.randomUUID();

/**
 * `device/update` (SPEC §7): name, alias, work status and windows, and period settings checked
 * against the model's SPEC §5 limits (field errors, translated). Changed settings are merged into
 * the device's `periods`, logged, and sent down as a `setPeriods` command.
 */
export async function updateDevice(
  db: Db,
  channel: CommandChannel,
  auth: AuthContext,
  body: DeviceUpdate,
  lang: Language,
): Promise<DeviceDetail> {
  const current = await getDevice(db, auth.tenantId, body.id);
  const settings: Record<string, number | boolean> = {};
  for (const f of [...PERIOD_FIELDS, ...SHUTDOWN_FIELDS]) if (body[f] !== undefined) settings[f] = body[f];
  const errors = validateDevicePeriods(current.model, settings, { international: body.international ?? false });
  if (errors.length) throw new AppError('badRequest', 'validationFailed', {}, periodFieldErrors(errors, lang));
  await db.tx(async (q) => {
    await writes.updateDeviceSettings(
      q,
      auth.tenantId,
      body.id,
      {
        name: body.name ?? null,
        alias: body.alias ?? null,
        workStatus: body.workStatus ?? null,
        workWindows: body.workWindows ? JSON.stringify(body.workWindows) : null,
        periods: JSON.stringify(settings),
      },
      auth.username,
    );
    const changed = {
      name: body.name,
      alias: body.alias,
      workStatus: body.workStatus,
      workWindows: body.workWindows,
      ...settings,
    };
    await logDevice(q, {
      deviceId: body.id,
      tenantId: auth.tenantId,
      kind: 'config',
      content: JSON.stringify(changed),
      operator: auth.username,
    });
  });
  if (Object.keys(settings).length) {
    await sendLoggedCommand(db, channel, auth, body.id, {
      cmdId: newCmdId(),
      ts: Date.now(),
      type: 'setPeriods',
      periods: settings,
    });
  }
  return toDetail(await getDevice(db, auth.tenantId, body.id));
}

/**
 * `device/shutdown` (SPEC §7): refused with a translated message when it is meaningless — the
 * model has no remote shutdown or it is disabled in the device's settings (`remoteShutdownNotAllowed`),
 * or the device's last power event says it is already off (`deviceAlreadyOff`, the counterpart of
 * SPEC §8 "this device is already on"). Otherwise a `shutdown` command goes down and is logged.
 */
export async function shutdownDevice(
  db: Db,
  channel: CommandChannel,
  auth: AuthContext,
  id: string,
): Promise<{ cmdId: string; delivered: boolean }> {
  const d = await getDevice(db, auth.tenantId, id);
  const settings = deviceSettingsFor(d.model);
  if (!settings?.shutdown.includes('remoteShutdown') || d.periods.remoteShutdown === false) {
    throw new AppError('business', 'remoteShutdownNotAllowed');
  }
  if (d.powered_on === false) throw new AppError('business', 'deviceAlreadyOff');
  return sendLoggedCommand(db, channel, auth, id, { cmdId: newCmdId(), ts: Date.now(), type: 'shutdown' });
}

/** `device/modifyDevAlias`. */
export async function setAlias(db: Db, auth: AuthContext, id: string, alias: string): Promise<null> {
  await getDevice(db, auth.tenantId, id);
  await writes.updateAlias(db, auth.tenantId, id, alias || null, auth.username);
  await logDevice(db, {
    deviceId: id,
    tenantId: auth.tenantId,
    kind: 'config',
    content: JSON.stringify({ alias }),
    operator: auth.username,
  });
  return null;
}

/** `device/modifyDevInfo`: name, firmware, group (of the same tenant) and binding state. */
export async function setInfo(db: Db, auth: AuthContext, body: z.infer<typeof DeviceInfoSchema>): Promise<null> {
  await getDevice(db, auth.tenantId, body.id);
  if (body.groupId && !(await writes.groupOfTenant(db, auth.tenantId, body.groupId)))
    throw new AppError('notFound', 'groupNotFound');
  await writes.updateDeviceInfo(
    db,
    auth.tenantId,
    body.id,
    {
      name: body.name ?? null,
      firmware: body.firmware ?? null,
      bindStatus: body.bindStatus ?? null,
      setGroup: body.groupId !== undefined,
      groupId: body.groupId ?? null,
    },
    auth.username,
  );
  await logDevice(db, {
    deviceId: body.id,
    tenantId: auth.tenantId,
    kind: 'config',
    content: JSON.stringify(body),
    operator: auth.username,
  });
  return null;
}
