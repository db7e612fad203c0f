/**
 * Rules of the popup report picker and the popup input (SPEC §5), kept apart from the components
 * so they are tested on their own.
 */

/** One row of a report page, as the server answered it. */
export type ReportRow = Record<string, unknown>;

/** SPEC §5: confirming with nothing, or in single mode with more than one selected, is refused. */
export function popupReportConfirm(selected: number, multi: boolean): boolean {
  return selected > 0 && (multi || selected === 1);
}

/** A cell as text: a dictionary value as its text, null as '', anything else as a string. */
export function reportCellText(value: unknown, options?: readonly { value: string; text: string }[]): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return options?.find((o) => o.value === text)?.text ?? text;
}

/** A valid popup-input configuration: the report code and origin → destination field pairs. */
export interface PopupInputMapping {
  code: string;
  pairs: { from: string; to: string }[];
}

const split = (fields: string | undefined): string[] =>
  (fields ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);

/**
 * SPEC §5: a popup input needs a code, origin fields and destination fields, with equal counts
 * (comma-separated, JeecgBoot's `orgFields` / `destFields`).
 * @returns the mapping, or null when the configuration is incomplete or the counts differ
 */
export function popupInputMapping(
  code: string | undefined,
  orgFields: string | undefined,
  destFields: string | undefined,
): PopupInputMapping | null {
  const from = split(orgFields);
  const to = split(destFields);
  if (!code?.trim() || from.length === 0 || from.length !== to.length) return null;
  return { code: code.trim(), pairs: from.map((f, i) => ({ from: f, to: to[i]! })) };
}

/** The destination values of a picked row (several rows: values joined by commas, as JeecgBoot does). */
export function popupInputValues(mapping: PopupInputMapping, rows: readonly ReportRow[]): Record<string, string> {
  return Object.fromEntries(
    mapping.pairs.map(({ from, to }) => [to, rows.map((r) => reportCellText(r[from])).join(',')]),
  );
}
