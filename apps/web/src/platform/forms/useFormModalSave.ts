import { useState } from 'react';
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { FieldEntry } from './formIssues';
import { reportSaveError, showFieldErrors } from './formIssues';
import { feedback } from '../feedback/feedback';

/** A form's values checked on the client: the body to send, or field errors to show. */
export type CheckedBody<B> = { body: B } | { errors: readonly FieldEntry[] };

/**
 * The save of an add/edit dialog: validate the form's fields, check them (`check`, usually the
 * contract's schema), send `add(body)` for a new record or `edit(body)` for an existing one, then
 * "saved", `onSaved` and `onClose`. Client field errors and the server's field errors (code 400)
 * show beside their fields; `saving` drives the dialog's OK button.
 */
export function useFormModalSave<V, B>(opts: {
  form: FormInstance<V>;
  t: TFunction;
  check: (values: V) => CheckedBody<B>;
  /** Sends the checked body (the add or the edit call). */
  send: (body: B) => Promise<unknown>;
  onSaved: () => void;
  onClose: () => void;
}): { saving: boolean; save: () => Promise<void> } {
  const [saving, setSaving] = useState(false);
  const save = async (): Promise<void> => {
    const checked = opts.check(await opts.form.validateFields());
    if ('errors' in checked) {
      showFieldErrors(opts.form, checked.errors);
      return;
    }
    setSaving(true);
    try {
      await opts.send(checked.body);
      feedback().message.success(opts.t('list:saveSuccess'));
      opts.onSaved();
      opts.onClose();
    } catch (error) {
      reportSaveError(opts.form, error, opts.t);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
