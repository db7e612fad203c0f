import type { CategoryNode } from '@ztj/contracts';

/** A node of the category tree select (antd TreeSelect simple mode). */
export interface CategoryTreeItem {
  id: string;
  pId: string | null;
  value: string;
  title: string;
  isLeaf: boolean;
}

/** True when `condition` is absent or a JSON text (SPEC §5: the category select condition must be a JSON string). */
export function isJsonCondition(condition: string | undefined): boolean {
  if (condition === undefined || condition === '') return true;
  try {
    const parsed: unknown = JSON.parse(condition);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

/** Server nodes as tree-select items under `parent` (null for the top). */
export function toTreeItems(nodes: readonly CategoryNode[], parent: string | null): CategoryTreeItem[] {
  return nodes.map((n) => ({ id: n.key, pId: parent, value: n.key, title: n.name, isLeaf: n.isLeaf }));
}

/** `items` with `added` merged in (a node loaded twice is kept once). */
export function mergeTreeItems(
  items: readonly CategoryTreeItem[],
  added: readonly CategoryTreeItem[],
): CategoryTreeItem[] {
  const seen = new Set(items.map((i) => i.id));
  return [...items, ...added.filter((i) => !seen.has(i.id))];
}

/** Ids of a comma-joined value. */
export function idsOf(value: string | null | undefined): string[] {
  return (value ?? '').split(',').filter(Boolean);
}
