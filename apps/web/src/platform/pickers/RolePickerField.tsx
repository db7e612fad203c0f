import type { ReactNode } from 'react';
import { PickerField, type PickerFieldProps } from './PickerField';
import { RolePicker } from './RolePicker';

/** Form control of role ids (comma-joined) with the role picker (multi). */
export function RolePickerField(props: Omit<PickerFieldProps, 'renderPicker'>): ReactNode {
  return (
    <PickerField
      {...props}
      renderPicker={({ open, close, commit }) => (
        <RolePicker
          open={open}
          multi
          onCancel={close}
          onOk={(rows) => commit(rows.map((r) => ({ id: r.id, label: r.roleName })))}
        />
      )}
    />
  );
}
