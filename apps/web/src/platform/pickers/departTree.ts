import type { DepartIdNode } from '@ztj/contracts';

/** A department tree node as pickers use it. */
export type TreeNode = Pick<DepartIdNode, 'key' | 'title'> & { children?: TreeNode[] };

/** Keeps the nodes whose title contains `text` and their ancestors (tree search). */
export function filterTree<N extends TreeNode>(nodes: readonly N[], text: string): N[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...nodes];
  const out: N[] = [];
  for (const node of nodes) {
    const children = filterTree((node.children ?? []) as N[], needle);
    if (node.title.toLowerCase().includes(needle) || children.length > 0) out.push({ ...node, children });
  }
  return out;
}

/** Every key of a tree, depth first. */
export function allKeys(nodes: readonly TreeNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}

/** Titles of a tree by key. */
export function titlesByKey(nodes: readonly TreeNode[], into: Map<string, string> = new Map()): Map<string, string> {
  for (const n of nodes) {
    into.set(n.key, n.title);
    titlesByKey(n.children ?? [], into);
  }
  return into;
}

/**
 * Next checked keys of the department tree (SPEC §4): single mode keeps only the node just
 * ticked (or nothing when it was unticked); multi mode ticks are independent.
 */
export function nextChecked(previous: readonly string[], key: string, checked: boolean, multi: boolean): string[] {
  if (!multi) return checked ? [key] : [];
  return checked ? [...new Set([...previous, key])] : previous.filter((k) => k !== key);
}
