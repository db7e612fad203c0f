import { readStored, writeStored } from '../storage/localStore';
import { STORAGE_KEYS } from '../storage/storageKeys';

/** List page sizes and default (SPEC §9). */
export const LIST_PAGE_SIZES = [10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Picker page sizes and default (SPEC §9). */
export const PICKER_PAGE_SIZES = [5, 10, 20, 30] as const;
export const PICKER_PAGE_SIZE = 5;

/** The page size remembered for a list (`sourceKey`), or the default. */
export function rememberedPageSize(sourceKey: string, fallback: number = DEFAULT_PAGE_SIZE): number {
  const value = readStored<number | null>(`${STORAGE_KEYS.pageSizePrefix}${sourceKey}`, null);
  return typeof value === 'number' && value > 0 ? value : fallback;
}

/** Remembers the page size chosen for a list. */
export function rememberPageSize(sourceKey: string, pageSize: number): void {
  writeStored(`${STORAGE_KEYS.pageSizePrefix}${sourceKey}`, pageSize);
}

/**
 * The page to show after deleting `deleted` rows from page `current` (SPEC §4 "page recomputed
 * after delete"): the last page that still has rows, never below 1.
 */
export function pageAfterDelete(total: number, pageSize: number, current: number, deleted: number): number {
  const remaining = Math.max(0, total - deleted);
  const lastPage = Math.max(1, Math.ceil(remaining / pageSize));
  return Math.min(Math.max(1, current), lastPage);
}
