/** Division tree with root `86` (SPEC §3 area data): parent code → { child code: name }. */
export type AreaTree = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** Root code of the country (SPEC §3). */
export const AREA_ROOT = '86';

/** A cascader / select option of the area picker. */
export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

let loading: Promise<AreaTree> | null = null;

/** Loads the MCA 2024 division tree (its own chunk, fetched once). */
export function loadAreaTree(): Promise<AreaTree> {
  loading ??= import('./divisions-mca2024.json').then((m) => m.default as AreaTree);
  return loading;
}

/** The options under `parent` (provinces for the root). */
export function childrenOf(tree: AreaTree, parent: string = AREA_ROOT): AreaOption[] {
  return Object.entries(tree[parent] ?? {}).map(([value, label]) => ({ value, label }));
}

/** The whole tree as nested cascader options. */
export function cascaderOptions(tree: AreaTree, parent: string = AREA_ROOT): AreaOption[] {
  return childrenOf(tree, parent).map((o) => (tree[o.value] ? { ...o, children: cascaderOptions(tree, o.value) } : o));
}

/** Parent code of every code of the tree. */
export function parentIndex(tree: AreaTree): Map<string, string> {
  const index = new Map<string, string>();
  for (const [parent, children] of Object.entries(tree))
    for (const code of Object.keys(children)) index.set(code, parent);
  return index;
}

/** Codes from the province down to `code` (empty when the code is unknown). */
export function pathOf(
  tree: AreaTree,
  code: string | null | undefined,
  index: Map<string, string> = parentIndex(tree),
): string[] {
  if (!code || !index.has(code)) return [];
  const path: string[] = [];
  let at: string | undefined = code;
  while (at && at !== AREA_ROOT) {
    path.unshift(at);
    at = index.get(at);
  }
  return path;
}

/** Name of `code` under its parent. */
export function nameOf(tree: AreaTree, code: string, index: Map<string, string> = parentIndex(tree)): string {
  const parent = index.get(code);
  return (parent && tree[parent]?.[code]) || '';
}

/** The names of the path to `code` joined (e.g. 广东省 深圳市 南山区). */
export function areaText(tree: AreaTree, code: string | null | undefined, separator = ' '): string {
  const index = parentIndex(tree);
  return pathOf(tree, code, index)
    .map((c) => nameOf(tree, c, index))
    .join(separator);
}

/** Picker types (SPEC §2): cascader (default) or select; anything else falls back to cascader and is flagged. */
export type AreaPickerType = 'cascader' | 'select';

/** The type the picker renders and whether the given type was bad. */
export function resolveAreaType(type: string | undefined): { type: AreaPickerType; bad: boolean } {
  if (type === undefined || type === 'cascader') return { type: 'cascader', bad: false };
  if (type === 'select') return { type: 'select', bad: false };
  return { type: 'cascader', bad: true };
}
