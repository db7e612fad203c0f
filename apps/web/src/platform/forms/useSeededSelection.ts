import { useCallback, useMemo, useState } from 'react';

/** A selection of ids the user edits, starting from what the server holds. */
export interface SeededSelection {
  /** Ids shown as chosen: the user's edit of this scope, else the server's, else none. */
  value: string[];
  /** True once the server's ids have arrived; edit controls should wait for it. */
  ready: boolean;
  /** Records the user's edit (e.g. a tree's or checkbox group's onChange). */
  onChange: (ids: string[]) => void;
  /** Drops the edit, so `value` follows the server again (after a save and refetch). */
  reset: () => void;
}

/**
 * A selection (permissions of a role, roles of a member, data rules) seeded from a server query.
 * The user's edit is kept apart from the server's answer instead of being copied over by an effect,
 * so an answer arriving after the user's first click (or a refetch) never undoes that click.
 * An edit belongs to its `scope` (e.g. the department id): switching scope shows the new scope's
 * server ids. Used by the authorisation screens of SPEC §6.
 *
 * @param seed ids the server holds; `undefined` while the query is loading
 * @param scope what the selection is of; edits of another scope are ignored
 */
export function useSeededSelection(seed: readonly string[] | undefined, scope = ''): SeededSelection {
  const [edit, setEdit] = useState<{ scope: string; ids: string[] } | null>(null);
  const onChange = useCallback((ids: string[]) => setEdit({ scope, ids }), [scope]);
  const reset = useCallback(() => setEdit(null), []);
  const server = useMemo(() => (seed ? [...seed] : []), [seed]);
  const value = edit !== null && edit.scope === scope ? edit.ids : server;
  return { value, ready: seed !== undefined, onChange, reset };
}
