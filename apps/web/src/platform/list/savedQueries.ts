import { readStored, writeStored } from '../storage/localStore';
import { STORAGE_KEYS } from '../storage/storageKeys';
import type { MatchType, SuperCondition } from './superQuery';

/** A saved advanced query (SPEC §3): name, match type and its conditions. */
export interface SavedQuery {
  title: string;
  matchType: MatchType;
  records: SuperCondition[];
}

function keyOf(code: string): string {
  return `${STORAGE_KEYS.savedQueryPrefix}${code}`;
}

/** The saved queries of a list, stored under the spec's prefix plus the list's route or code. */
export function loadSavedQueries(code: string): SavedQuery[] {
  return readStored<SavedQuery[]>(keyOf(code), []);
}

/** True when a saved query of that name exists (the dialog then asks to overwrite). */
export function hasSavedQuery(code: string, title: string): boolean {
  return loadSavedQueries(code).some((q) => q.title === title);
}

/**
 * Saves a query; an existing one of the same name is replaced in place (the caller asked first).
 * Returns the new list.
 */
export function saveQuery(code: string, query: SavedQuery): SavedQuery[] {
  const list = loadSavedQueries(code);
  const index = list.findIndex((q) => q.title === query.title);
  const next = index >= 0 ? list.map((q, i) => (i === index ? query : q)) : [...list, query];
  writeStored(keyOf(code), next);
  return next;
}

/** Deletes a saved query by name and returns the new list. */
export function deleteSavedQuery(code: string, title: string): SavedQuery[] {
  const next = loadSavedQueries(code).filter((q) => q.title !== title);
  writeStored(keyOf(code), next);
  return next;
}
