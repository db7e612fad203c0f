import { AuthRoutes } from '@ztj/contracts';
import { callApi } from '../http/callApi';
import { clearSession, getToken } from './sessionStore';

/**
 * Signs out (SPEC §4): calls the logout endpoint when a token is stored, ignoring any failure,
 * then clears token, permission lists, user info, user name and dictionary cache.
 */
export async function logout(): Promise<void> {
  if (getToken()) {
    try {
      await callApi(AuthRoutes.logout, { silent: true });
    } catch {
      // SPEC §8: a failed logout call is ignored; the session ends on this side anyway.
    }
  }
  clearSession();
}
