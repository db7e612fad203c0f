import type { AuthEntry } from './menu';

/**
 * The button-permission rule of SPEC §6, shared by the web's `usePermission` hook and tests.
 *
 * 1. Allowed if the user's list has a type '2' (button) entry with exactly `action`.
 * 2. Allowed if the user's list has a type '1' (menu-level) entry whose action is a prefix of
 *    `action` (`user` grants `user:add`).
 * 3. Otherwise the full list decides: a disabled entry (status '0') for the action denies; an action
 *    present in the full list but missing from a user's list denies; an action absent from the
 *    full list is allowed (nothing guards it).
 * `action` may be comma-separated: allowed when any one of them is.
 * The server enforces permissions on its own; this only decides what the UI shows.
 */
export function isActionAllowed(
  action: string,
  userAuth: readonly AuthEntry[],
  allAuth: readonly AuthEntry[],
): boolean {
  const actions = action
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (actions.length === 0) return true;
  return actions.some((one) => isSingleActionAllowed(one, userAuth, allAuth));
}

function isSingleActionAllowed(action: string, userAuth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): boolean {
  if (userAuth.some((e) => e.type === '2' && e.action === action && e.status !== '0')) return true;
  if (userAuth.some((e) => e.type === '1' && e.status !== '0' && isPrefixAction(e.action, action))) return true;
  const inAll = allAuth.filter((e) => e.action === action);
  if (inAll.some((e) => e.status === '0')) return false;
  if (inAll.length > 0) return false;
  return true;
}

function isPrefixAction(prefix: string, action: string): boolean {
  if (!prefix) return false;
  return action === prefix || action.startsWith(`${prefix}:`);
}

/**
 * Which of `add` / `batch_delete` a list hides for its permission prefix (SPEC §6: tables hide the
 * add and batch-delete buttons when those codes are excluded). `prefix` is e.g. `user`.
 */
export function excludedListButtons(
  prefix: string,
  userAuth: readonly AuthEntry[],
  allAuth: readonly AuthEntry[],
): { add: boolean; batchDelete: boolean } {
  return {
    add: !isActionAllowed(`${prefix}:add`, userAuth, allAuth),
    batchDelete: !isActionAllowed(`${prefix}:batch_delete`, userAuth, allAuth),
  };
}

/** Menu codes that make the Download Center visible (SPEC §2, §6). */
export const DOWNLOAD_CENTER_PERMISSIONS = ['task:export', 'scene:export', 'device:export'] as const;
