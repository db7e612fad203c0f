import type { ReactNode } from 'react';
import { PickerField, type PickerFieldProps } from '../../pickers/PickerField';
import { UserPicker } from '../../pickers/UserPicker';

/** Form control of user ids (comma-joined) with the user picker; the `sel_user` cell of the editable table. */
export function UserIdsField({
  multi = true,
  ...props
}: Omit<PickerFieldProps, 'renderPicker'> & { multi?: boolean }): ReactNode {
  return (
    <PickerField
      {...props}
      renderPicker={({ open, close, commit }) => (
        <UserPicker
          open={open}
          multi={multi}
          onCancel={close}
          onOk={(users) => commit(users.map((u) => ({ id: u.id, label: u.realname })))}
        />
      )}
    />
  );
}
