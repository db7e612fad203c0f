/**
 * The basket of a record picker (SPEC §4): a row click toggles the row in multi mode and replaces
 * the basket in single mode; `keyOf` identifies rows.
 */
export function toggleInBasket<R>(basket: readonly R[], row: R, keyOf: (row: R) => string, multi: boolean): R[] {
  if (!multi) return [row];
  const key = keyOf(row);
  return basket.some((r) => keyOf(r) === key) ? basket.filter((r) => keyOf(r) !== key) : [...basket, row];
}

/** The basket after the header checkbox ticked (`checked`) or cleared the rows `changed`. */
export function selectAllInBasket<R>(
  basket: readonly R[],
  changed: readonly R[],
  checked: boolean,
  keyOf: (row: R) => string,
): R[] {
  const keys = new Set(basket.map(keyOf));
  if (checked) return [...basket, ...changed.filter((r) => !keys.has(keyOf(r)))];
  const drop = new Set(changed.map(keyOf));
  return basket.filter((r) => !drop.has(keyOf(r)));
}
