import i18next from 'i18next';
import { feedback } from '../../platform/feedback/feedback';
import { isApiError } from '../../platform/http/ApiError';

/**
 * Tells the user why a command was not sent: the server's translated message (e.g. "the device is
 * offline; the command was not sent", which the server also records in the device log) or its first
 * field error; transport failures were already shown by the HTTP layer.
 */
export function commandFailed(error: unknown): void {
  if (isApiError(error)) {
    if (error.notified) return;
    const field = error.errors[0]?.message;
    const text = field?.startsWith('validation.') ? i18next.t(`common:${field}`) : (field ?? error.message);
    feedback().message.error(error.errors.length > 0 ? text : error.message);
    return;
  }
  feedback().message.error(error instanceof Error ? error.message : String(error));
}

/** Tells the user a command went out: delivered now, or queued until the device connects. */
export function commandSent(delivered: boolean): void {
  feedback().message.success(i18next.t(delivered ? 'equipment:common.commandSent' : 'equipment:common.commandQueued'));
}
