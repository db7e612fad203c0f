import type { DeviceCommand } from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import { sendLoggedCommand, type CommandChannel } from '../../devices/devices.service';

/** Operator of the device log lines of commands scenes sent (the console shows it as "Scene"). */
export const SCENE_OPERATOR = 'scene';

/**
 * The command channel of scenes (SPEC §2 scenes, device log): a scene's command goes to the device
 * the way a command sent from the console does, through `sendLoggedCommand` (the command route of
 * a Modbus-fed device, else the broker), and is logged in the device's log with operator
 * {@link SCENE_OPERATOR} and whether it was taken; the device's acknowledgement is logged when it
 * answers (`ztj/devices/{id}/acks`). Resolves whether the device took it; false for a device the
 * registry does not know (nothing sent, nothing logged).
 */
export function sceneCommandSender(
  db: Db,
  channel: Pick<CommandChannel, 'sendCommand'>,
  devices: { get(id: string): Promise<{ tenantId: number } | null> },
): (deviceId: string, command: DeviceCommand) => Promise<boolean> {
  return async (deviceId, command) => {
    const device = await devices.get(deviceId);
    if (!device) return false;
    const sent = await sendLoggedCommand(
      db,
      channel,
      { tenantId: device.tenantId, username: SCENE_OPERATOR },
      deviceId,
      command,
    );
    return sent.delivered;
  };
}
