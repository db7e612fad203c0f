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
export async function logDevice(
  q: Queryable,
  entry: {
    deviceId: string;
    tenantId: number;
    kind: 'command' | 'config';
    cmdId?: string;
    content: string;
    ok?: boolean | null;
    operator?: string;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO device_log (device_id, tenant_id, kind, cmd_id, content, ok, operator) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
    [
      entry.deviceId,
      entry.tenantId,
      entry.kind,
      entry.cmdId ?? null,
      entry.content,
      entry.ok ?? null,
      entry.operator ?? null,
    ],
  );
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
    await q.query(
      `UPDATE device SET name = COALESCE($3, name), alias = COALESCE($4, alias), work_status = COALESCE($5, work_status),
         work_windows = COALESCE($6::jsonb, work_windows), periods = periods || $7::jsonb, update_by = $8, update_time = now()
       WHERE tenant_id = $1 AND dev_no = $2`,
      [
        auth.tenantId,
        body.id,
        body.name ?? null,
        body.alias ?? null,
        body.workStatus ?? null,
        body.workWindows ? JSON.stringify(body.workWindows) : null,
        JSON.stringify(settings),
        auth.username,
      ],
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
  await db.query(
    `UPDATE device SET alias = $3, update_by = $4, update_time = now() WHERE tenant_id = $1 AND dev_no = $2`,
    [auth.tenantId, id, alias || null, auth.username],
  );
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
  if (body.groupId) {
    const g = await db.one('SELECT 1 FROM device_group WHERE tenant_id = $1 AND id = $2', [
      auth.tenantId,
      body.groupId,
    ]);
    if (!g) throw new AppError('notFound', 'groupNotFound');
  }
  await db.query(
    `UPDATE device SET name = COALESCE($3, name), firmware = COALESCE($4, firmware), bind_status = COALESCE($5, bind_status),
       group_id = CASE WHEN $6 THEN $7 ELSE group_id END, update_by = $8, update_time = now()
     WHERE tenant_id = $1 AND dev_no = $2`,
    [
      auth.tenantId,
      body.id,
      body.name ?? null,
      body.firmware ?? null,
      body.bindStatus ?? null,
      body.groupId !== undefined,
      body.groupId ?? null,
      auth.username,
    ],
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
