import i18next from 'i18next';
import { ResultCode, SESSION_MESSAGES } from '@ztj/contracts';
import { feedback } from '../feedback/feedback';
import { clearSession, getToken } from '../session/sessionStore';

/** Delay before the page reloads after a 401 (SPEC §8). */
export const RELOAD_AFTER_401_MS = 1500;

const TOKEN_TEXTS = [SESSION_MESSAGES.tokenInvalid, SESSION_MESSAGES.loginExpired].flatMap((m) => Object.values(m));

/** True when a server message says the token expired or is invalid (SPEC §8, status 500). */
export function mentionsTokenExpiry(message: string): boolean {
  if (TOKEN_TEXTS.some((text) => message.includes(text))) return true;
  return /token/i.test(message) && /(失效|过期|无效|invalid|expired)/i.test(message);
}

let unauthorizedHandled = false;
let expiredModalOpen = false;

function reloadPage(): void {
  window.location.reload();
}

function isOnLoginPage(): boolean {
  return window.location.hash.startsWith('#/user/login');
}

function handleUnauthorized(): void {
  if (unauthorizedHandled) return;
  unauthorizedHandled = true;
  feedback().notification.error({
    message: i18next.t('common:http.title'),
    description: i18next.t('common:http.unauthorized'),
  });
  clearSession();
  window.setTimeout(reloadPage, RELOAD_AFTER_401_MS);
}

function showLoginExpired(): void {
  if (expiredModalOpen) return;
  expiredModalOpen = true;
  feedback().modal.error({
    title: i18next.t('common:http.loginExpiredTitle'),
    content: i18next.t('common:http.loginExpired'),
    okText: i18next.t('common:http.relogin'),
    mask: { closable: false },
    onOk: () => {
      expiredModalOpen = false;
      clearSession();
      if (!isOnLoginPage()) reloadPage();
    },
  });
}

/**
 * The one place that turns a failed HTTP status into what the user sees (SPEC §8).
 * Returns true when the user was told (so callers need not repeat it).
 * @param status HTTP status, 0 when no answer came back; `timedOut` for a client timeout.
 * @param serverMessage the envelope message when there was one.
 * @param hasFieldErrors validation failures are shown beside the fields instead.
 */
export function notifyHttpError(
  status: number,
  serverMessage: string,
  options: { timedOut?: boolean; hasFieldErrors?: boolean } = {},
): boolean {
  const { notification } = feedback();
  const title = i18next.t('common:http.title');
  if (options.timedOut || status === 504) {
    notification.error({ message: title, description: i18next.t('common:http.timeout') });
    return true;
  }
  switch (status) {
    case 401:
      handleUnauthorized();
      return true;
    case 403:
      notification.error({ message: title, description: i18next.t('common:http.forbidden') });
      return true;
    case 404:
      notification.error({ message: title, description: i18next.t('common:http.notFound') });
      return true;
    case 500:
      if (getToken() && mentionsTokenExpiry(serverMessage)) {
        showLoginExpired();
        return true;
      }
      notification.error({ message: title, description: serverMessage || i18next.t('common:http.serverError') });
      return true;
    case 0:
      notification.error({ message: title, description: i18next.t('common:http.network') });
      return true;
    default:
      if (options.hasFieldErrors) return false;
      notification.error({
        message: title,
        description: serverMessage || i18next.t('common:http.unknown', { status }),
      });
      return true;
  }
}

/** Envelope code 510 (permission denied) shows the server message as a warning (SPEC §8). */
export function notifyEnvelopeError(code: number, serverMessage: string): boolean {
  if (code === ResultCode.NO_PERMISSION) {
    feedback().message.warning(serverMessage);
    return true;
  }
  return false;
}

/** Test hook: forget that a 401 or an expiry modal was already handled. */
export function resetHttpErrorState(): void {
  unauthorizedHandled = false;
  expiredModalOpen = false;
}
