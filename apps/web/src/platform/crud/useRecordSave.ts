import { useState } from 'react';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { feedback } from '../feedback/feedback';

/** Options of {@link useRecordSave}. */
export interface UseRecordSave<V> {
  form: FormInstance<V>;
  /** A `t` that knows the `list` namespace ("saved"). */
  t: TFunction;
  /** A last check of the validated values; false stops the save (it showed why). */
  accept?: (values: V) => boolean;
  /** Sends the validated values (the add or the edit call). */
  send: (values: V) => Promise<unknown>;
  /** Shows a failed save's field errors beside their fields; true when it did. */
  showFieldErrors: (error: unknown) => boolean;
  onSaved: () => void;
  onClose: () => void;
}

/**
 * The save of an add / edit dialog whose body is built from the form's values: validate the
 * fields, `accept`, `send`, then "saved", `onSaved` and `onClose`. A failure with field errors
 * shows them (the dialog stays); any other failure is thrown on (the request layer reported it).
 * `saving` drives the dialog's OK button.
 */
export function useRecordSave<V>(opts: UseRecordSave<V>): { saving: boolean; save: () => Promise<void> } {
  const [saving, setSaving] = useState(false);
  const save = async (): Promise<void> => {
    const values = await opts.form.validateFields();
    if (opts.accept && !opts.accept(values)) return;
    setSaving(true);
    try {
      await opts.send(values);
      feedback().message.success(opts.t('list:saveSuccess'));
      opts.onSaved();
      opts.onClose();
    } catch (error) {
      if (!opts.showFieldErrors(error)) throw error;
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
