import { create } from 'zustand';
import type { AuthEntry, MenuItem, UserPermissionResult } from '@ztj/contracts';
import { readStored, writeStored } from '../storage/localStore';
import { STORAGE_KEYS } from '../storage/storageKeys';

interface PermissionState {
  /** Menu tree of `getUserPermissionByToken`; empty until fetched. */
  menu: MenuItem[];
  /** The user's granted entries and every entry of the system (SPEC §6). */
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  /** True once the menu was fetched in this page load. */
  menuLoaded: boolean;
  /** Why the last menu fetch failed (the guard then signs out); null otherwise. */
  menuError: { message: string; notified: boolean } | null;
}

/** Permission menu and button-auth lists; the lists are kept under the button-auth storage keys. */
export const usePermissionStore = create<PermissionState>(() => ({
  menu: [],
  auth: readStored<AuthEntry[]>(STORAGE_KEYS.userButtonAuth, []),
  allAuth: readStored<AuthEntry[]>(STORAGE_KEYS.sysButtonAuth, []),
  menuLoaded: false,
  menuError: null,
}));

/** Keeps a fetched permission result (menu in memory, lists also in storage). */
export function setPermissions(result: UserPermissionResult): void {
  writeStored(STORAGE_KEYS.userButtonAuth, result.auth);
  writeStored(STORAGE_KEYS.sysButtonAuth, result.allAuth);
  usePermissionStore.setState({
    menu: result.menu,
    auth: result.auth,
    allAuth: result.allAuth,
    menuLoaded: true,
    menuError: null,
  });
}

/** Forgets menu and lists in memory (storage is cleared by the session). */
export function resetPermissions(): void {
  usePermissionStore.setState({ menu: [], auth: [], allAuth: [], menuLoaded: false, menuError: null });
}
