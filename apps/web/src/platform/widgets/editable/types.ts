import type { ReactNode } from 'react';
import type { CellRule } from './cellRules';
import type { EditableRow } from './rows';

/** Cell types of the editable table (SPEC §3). */
export type EditableColumnType =
  | 'input'
  | 'inputNumber'
  | 'checkbox'
  | 'select'
  | 'sel_depart'
  | 'sel_user'
  | 'date'
  | 'datetime'
  | 'input_pop'
  | 'upload'
  | 'file'
  | 'image'
  | 'popup'
  | 'radio'
  | 'list_multi'
  | 'sel_search'
  | 'slot'
  | 'hidden';

/** One option of a select / radio / multi cell. */
export interface CellOption {
  value: string;
  label: string;
}

/** A column of the editable table (SPEC §3 "editable-table column"; the fields this console uses). */
export interface EditableColumn {
  key: string;
  title: string;
  type: EditableColumnType;
  width?: number;
  placeholder?: string;
  /** Options of select, radio, list_multi and sel_search cells. */
  options?: readonly CellOption[];
  /** Dictionary whose items are the options (when `options` is not given). */
  dictCode?: string;
  defaultValue?: unknown;
  validateRules?: readonly CellRule[];
  /** Switch (checkbox) values: [on, off], default ['Y', 'N']. */
  customValue?: readonly [unknown, unknown];
  defaultChecked?: boolean;
  disabled?: boolean;
  /** Upload folder (`biz`) of upload, file and image cells. */
  biz?: string;
  /** Popup cells: the report code, its columns and the row fields they fill (equal counts, comma-separated). */
  popupCode?: string;
  orgFields?: string;
  destFields?: string;
  /** Extra props handed to the editor (e.g. `maxLength`). */
  props?: Record<string, unknown>;
  /** Renders a `slot` cell. */
  slot?: (props: { row: EditableRow; value: unknown; onChange: (value: unknown) => void }) => ReactNode;
  /** Test id prefix of the cell editor. */
  testId?: string;
}
