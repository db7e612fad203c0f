import { SESSION_TTL_MS } from '@ztj/contracts';
import { STORAGE_NAMESPACE } from './storageKeys';

interface StoredEntry<T> {
  value: T;
  /** Epoch ms after which the entry is gone; null keeps it. */
  expire: number | null;
}

function fullKey(key: string): string {
  return `${STORAGE_NAMESPACE}${key}`;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/**
 * Reads a stored value; an expired or unreadable entry is removed and `fallback` returned.
 */
export function readStored<T>(key: string, fallback: T): T {
  const store = storage();
  const raw = store?.getItem(fullKey(key));
  if (raw == null) return fallback;
  try {
    const entry = JSON.parse(raw) as StoredEntry<T>;
    if (entry.expire !== null && entry.expire <= Date.now()) {
      store?.removeItem(fullKey(key));
      return fallback;
    }
    return entry.value ?? fallback;
  } catch {
    store?.removeItem(fullKey(key));
    return fallback;
  }
}

/**
 * Writes a value. `ttlMs` null keeps it until removed; pass `SESSION_TTL` for the 7-day entries
 * of SPEC §9 (token, user info, dictionary cache, tenant, department).
 */
export function writeStored<T>(key: string, value: T, ttlMs: number | null = null): void {
  const entry: StoredEntry<T> = { value, expire: ttlMs === null ? null : Date.now() + ttlMs };
  try {
    storage()?.setItem(fullKey(key), JSON.stringify(entry));
  } catch {
    // Storage full or blocked: the console keeps working with in-memory state.
  }
}

/** Removes one stored value. */
export function removeStored(key: string): void {
  storage()?.removeItem(fullKey(key));
}

/** The 7-day lifetime of SPEC §9 (604800000 ms). */
export const SESSION_TTL = SESSION_TTL_MS;
