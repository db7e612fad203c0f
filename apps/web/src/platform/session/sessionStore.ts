import { create } from 'zustand';
import type { DepartBrief, DictMap, LoginResult, TenantBrief, UserInfo } from '@ztj/contracts';
import { resetPermissions } from '../permissions/permissionStore';
import { readStored, removeStored, SESSION_TTL, writeStored } from '../storage/localStore';
import { STORAGE_KEYS } from '../storage/storageKeys';

interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  tenantList: TenantBrief[];
}

/**
 * The signed-in session (SPEC §3 "Session user", §4 "Session"): mirrors the 7-day stored entries
 * so components re-render when they change. Writes always go through the functions below.
 */
export const useSessionStore = create<SessionState>(() => ({
  token: readStored<string | null>(STORAGE_KEYS.accessToken, null),
  userInfo: readStored<UserInfo | null>(STORAGE_KEYS.userInfo, null),
  tenantList: readStored<TenantBrief[]>(STORAGE_KEYS.tenantList, []),
}));

/** The stored access token, or null when signed out or expired. */
export function getToken(): string | null {
  return readStored<string | null>(STORAGE_KEYS.accessToken, null);
}

/** The stored tenant id, 0 when none (SPEC §7 `tenant-id` header). */
export function getTenantId(): number {
  return readStored<number>(STORAGE_KEYS.tenantId, 0);
}

/** Stores the chosen tenant for 7 days. */
export function storeTenantId(tenantId: number): void {
  writeStored(STORAGE_KEYS.tenantId, tenantId, SESSION_TTL);
}

/** True when a tenant is stored and is one of `tenants`. */
export function hasValidStoredTenant(tenants: readonly TenantBrief[]): boolean {
  const stored = readStored<number | null>(STORAGE_KEYS.tenantId, null);
  return stored !== null && tenants.some((t) => t.id === stored);
}

/** Replaces the stored user info (login, department switch). */
export function storeUserInfo(userInfo: UserInfo): void {
  writeStored(STORAGE_KEYS.userInfo, userInfo, SESSION_TTL);
  writeStored(STORAGE_KEYS.userName, userInfo.username, SESSION_TTL);
  useSessionStore.setState({ userInfo });
}

/** Stores the chosen department for 7 days. */
export function storeDepartment(depart: DepartBrief): void {
  writeStored(STORAGE_KEYS.department, depart, SESSION_TTL);
}

/** Stores the dictionary cache for 7 days. */
export function storeDictCache(dicts: DictMap): void {
  writeStored(STORAGE_KEYS.dictCache, dicts, SESSION_TTL);
}

/** Removes the dictionary cache (Clear Cache). */
export function clearDictCache(): void {
  removeStored(STORAGE_KEYS.dictCache);
}

/**
 * Keeps what a successful sign-in returned (SPEC §4); `activateSession` then completes it: token, user info and dictionary items for
 * 7 days, the tenant list. A single-tenant user's tenant is stored right away; a user of several
 * tenants keeps a still-valid stored choice or is asked (tenant-choice modal).
 */
export function storeLoginResult(result: LoginResult): void {
  writeStored(STORAGE_KEYS.accessToken, result.token, SESSION_TTL);
  writeStored(STORAGE_KEYS.tenantList, result.tenantList, SESSION_TTL);
  storeDictCache(result.sysAllDictItems);
  if (result.tenantList.length <= 1) {
    storeTenantId(result.userInfo.loginTenantId);
  }
  storeUserInfo(result.userInfo);
  useSessionStore.setState({ tenantList: result.tenantList });
}

/**
 * Makes the stored token the session's (the navigation guard then treats the user as signed in).
 * The login page calls it after the tenant and department steps, so the guard does not leave
 * the page while a choice is still open.
 */
export function activateSession(): void {
  useSessionStore.setState({ token: getToken() });
}

/**
 * Forgets the session (SPEC §4 logout): token, permission lists, user info, user name,
 * dictionary cache. Tenant and department choices stay for the next sign-in.
 */
export function clearSession(): void {
  for (const key of [
    STORAGE_KEYS.accessToken,
    STORAGE_KEYS.userInfo,
    STORAGE_KEYS.userName,
    STORAGE_KEYS.dictCache,
    STORAGE_KEYS.userButtonAuth,
    STORAGE_KEYS.sysButtonAuth,
    STORAGE_KEYS.tenantList,
  ]) {
    removeStored(key);
  }
  useSessionStore.setState({ token: null, userInfo: null, tenantList: [] });
  resetPermissions();
}
