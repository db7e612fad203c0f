import type { ReactNode } from 'react';
import { PickerField, type PickerFieldProps } from './PickerField';
import { PositionPicker } from './PositionPicker';

/** Form control of position codes (comma-joined) with the position picker (multi). */
export function PositionPickerField(props: Omit<PickerFieldProps, 'renderPicker'>): ReactNode {
  return (
    <PickerField
      {...props}
      renderPicker={({ open, close, commit }) => (
        <PositionPicker
          open={open}
          multi
          onCancel={close}
          onOk={(rows) => commit(rows.map((r) => ({ id: r.code, label: r.name })))}
        />
      )}
    />
  );
}
