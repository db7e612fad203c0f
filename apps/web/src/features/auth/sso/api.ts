import {
  API_BASE,
  SsoRoutes,
  type LoginResult,
  type SsoConfig,
  type ThirdBindRequest,
  type ThirdLoginResult,
  type ThirdType,
} from '@ztj/contracts';
import { callApi } from '../../../platform/http/callApi';

/** Providers and CAS configured on the server (SsoRoutes.config). */
export function fetchSsoConfig(): Promise<SsoConfig> {
  return callApi(SsoRoutes.config, { silent: true });
}

/** SPEC §7 thirdLogin/{token}/{thirdType}: signs in, or asks to bind the identity. */
export function thirdLogin(token: string, thirdType: ThirdType): Promise<ThirdLoginResult> {
  return callApi(SsoRoutes.getLoginUser, { params: { token, thirdType }, silent: true });
}

/** Binds the pending identity to the account of a password or SMS code check, and signs in. */
export function bindThird(body: ThirdBindRequest): Promise<LoginResult> {
  return callApi(SsoRoutes.bind, { body, silent: true });
}

/** SPEC §7 loginFree with the link's at/guid/uid. */
export function loginFree(at: string, guid: string, uid: string): Promise<LoginResult> {
  return callApi(SsoRoutes.loginFree, { body: { at, guid, uid }, silent: true });
}

/** SPEC §7 cas validateLogin. */
export function casValidate(ticket: string, service: string): Promise<LoginResult> {
  return callApi(SsoRoutes.casValidate, { body: { ticket, service }, silent: true });
}

/** The server's render endpoint of a provider (a full-page navigation), returning to `redirect`. */
export function renderUrl(type: ThirdType, redirect: string | null): string {
  const q = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return `${API_BASE}/sys/thirdLogin/render/${type === 1 ? 'wechat' : 'oidc'}${q}`;
}
