/** A row of the editable table: any fields plus an id (temporary for rows not saved yet). */
export type EditableRow = Record<string, unknown> & { id: string };

/** Prefix and suffix of temporary row ids (SPEC §3), stripped from the values the table hands out. */
export const TEMP_ID_PREFIX = 'tmp_';
export const TEMP_ID_SUFFIX = '_new';

let sequence = 0;

/** A new temporary row id. */
export function tempRowId(): string {
  sequence += 1;
  return `${TEMP_ID_PREFIX}${Date.now().toString(36)}${sequence.toString(36)}${TEMP_ID_SUFFIX}`;
}

/** True when `id` was made by {@link tempRowId}. */
export function isTempRowId(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith(TEMP_ID_PREFIX) && id.endsWith(TEMP_ID_SUFFIX);
}

/** Gives every row an id (a temporary one when it has none). */
export function withRowIds(rows: readonly Record<string, unknown>[]): EditableRow[] {
  return rows.map((row) =>
    typeof row.id === 'string' && row.id !== '' ? (row as EditableRow) : { ...row, id: tempRowId() },
  );
}

/** The rows as handed out: temporary ids removed, so new rows carry no id. */
export function stripTempIds(rows: readonly EditableRow[]): Record<string, unknown>[] {
  return rows.map((row) => {
    if (!isTempRowId(row.id)) return { ...row };
    const { id: _id, ...rest } = row;
    return rest;
  });
}

/** Writes 1..n into `sortKey` in row order (SPEC §4: the sort number is recalculated after each reorder). */
export function renumber(rows: readonly EditableRow[], sortKey: string | null): EditableRow[] {
  if (!sortKey) return [...rows];
  return rows.map((row, index) => (row[sortKey] === index + 1 ? row : { ...row, [sortKey]: index + 1 }));
}

/** Inserts `added` after position `afterIndex` (-1: at the start; omitted: at the end). */
export function insertRows(
  rows: readonly EditableRow[],
  added: readonly EditableRow[],
  afterIndex?: number,
): EditableRow[] {
  const at = afterIndex === undefined ? rows.length : Math.max(0, Math.min(rows.length, afterIndex + 1));
  return [...rows.slice(0, at), ...added, ...rows.slice(at)];
}

/** Removes the rows whose id is in `ids`. */
export function removeRows(rows: readonly EditableRow[], ids: readonly string[]): EditableRow[] {
  const drop = new Set(ids);
  return rows.filter((row) => !drop.has(row.id));
}

/** Moves the row at `from` to position `to` (drag or up/down); out-of-range moves change nothing. */
export function moveRow(rows: readonly EditableRow[], from: number, to: number): EditableRow[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row);
  return next;
}

/**
 * Rows that cannot be selected (SPEC §4 `disabledRows`): a row is disabled when one of the rule's
 * fields equals the given value (or one of the given values).
 */
export type DisabledRowsRule = Record<string, unknown>;

/** True when `row` matches the disabledRows rule. */
export function isRowDisabled(row: Record<string, unknown>, rule: DisabledRowsRule | undefined): boolean {
  if (!rule) return false;
  return Object.entries(rule).some(([key, expected]) =>
    Array.isArray(expected) ? expected.includes(row[key]) : row[key] === expected,
  );
}

/** Selection state of the header checkbox (SPEC §4): none, some (indeterminate) or all selectable rows. */
export function selectionState(
  rows: readonly EditableRow[],
  selected: readonly string[],
  rule?: DisabledRowsRule,
): 'none' | 'some' | 'all' {
  const selectable = rows.filter((row) => !isRowDisabled(row, rule));
  const count = selectable.filter((row) => selected.includes(row.id)).length;
  if (count === 0) return 'none';
  return count === selectable.length ? 'all' : 'some';
}

/**
 * Switch cells (SPEC §4): checked maps to the first custom value, unchecked to the second
 * (default Y and N); an empty cell reads as the second.
 */
export function switchValue(checked: boolean, custom: readonly [unknown, unknown] = ['Y', 'N']): unknown {
  return checked ? custom[0] : custom[1];
}

/** Whether a switch cell holding `value` is checked. */
export function isSwitchOn(value: unknown, custom: readonly [unknown, unknown] = ['Y', 'N']): boolean {
  return value === custom[0];
}
