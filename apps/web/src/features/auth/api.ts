import { AuthRoutes, DictRoutes, type DepartBrief, type DictMap } from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';
import {
  storeDepartment,
  storeDictCache,
  storeTenantId,
  storeUserInfo,
  useSessionStore,
} from '../../platform/session/sessionStore';

/** A fresh random captcha key (8-64 characters), also in insecure contexts. */
export function newCaptchaKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Fetches the captcha image (a data URL) for `key`. */
export function fetchCaptcha(key: string): Promise<string> {
  return callApi(AuthRoutes.randomImage, { params: { key }, silent: true });
}

/** Switches the session to `tenantId` and keeps the choice for 7 days. */
export async function chooseTenant(tenantId: number): Promise<void> {
  await callApi(AuthRoutes.selectTenant, { body: { tenantId } });
  storeTenantId(tenantId);
}

/** The user's departments and the current one. */
export function fetchCurrentDeparts(): Promise<{ list: DepartBrief[]; orgCode: string | null }> {
  return callApi(AuthRoutes.currentDeparts);
}

/** Makes `depart` the current department; stores the new user info and the choice. */
export async function chooseDepartment(depart: DepartBrief): Promise<void> {
  const username = useSessionStore.getState().userInfo?.username ?? '';
  const result = await callApi(AuthRoutes.selectDepart, { body: { orgCode: depart.orgCode, username } });
  storeUserInfo(result.userInfo);
  storeDepartment(depart);
}

/** Refetches every dictionary and stores it (Clear Cache, SPEC §7). */
export async function reloadDictionaries(): Promise<DictMap> {
  const dicts = await callApi(DictRoutes.all);
  storeDictCache(dicts);
  return dicts;
}
