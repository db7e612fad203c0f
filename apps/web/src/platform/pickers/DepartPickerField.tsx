import type { ReactNode } from 'react';
import { DepartTreePicker } from './DepartTreePicker';
import { PickerField, type PickerFieldProps } from './PickerField';

/** Form control of department ids (comma-joined) with the department tree picker. */
export function DepartPickerField({
  multi = true,
  ...props
}: Omit<PickerFieldProps, 'renderPicker'> & { multi?: boolean }): ReactNode {
  return (
    <PickerField
      {...props}
      renderPicker={({ open, ids, close, commit }) => (
        <DepartTreePicker
          open={open}
          multi={multi}
          value={ids}
          onCancel={close}
          onOk={(departs) => commit(departs.map((d) => ({ id: d.id, label: d.title })))}
        />
      )}
    />
  );
}
