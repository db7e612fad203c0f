import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance, type FormProps, type ModalProps } from 'antd';

/** Props of {@link CrudFormModal}. */
export interface CrudFormModalProps<V> {
  /** True when an existing record is edited: the title is `titles.edit`, else `titles.add`. */
  editing: boolean;
  titles: { add: string; edit: string };
  form: FormInstance<V>;
  /** The form's name (prefix of its fields' ids). */
  name: string;
  initialValues?: FormProps<V>['initialValues'];
  /** Saves the form; its failure keeps the dialog open (the error was shown where it belongs). */
  save: () => Promise<void>;
  /** True while the save runs: the OK button spins. */
  saving: boolean;
  /** Closes the dialog (cancel, ×). */
  onCancel: () => void;
  /** Dialog width, px. */
  width: number;
  /** More dialog props (a test id on OK, a wrapper with a test id). */
  modalProps?: Pick<ModalProps, 'okButtonProps' | 'modalRender'>;
  /** More form props (a reaction to changed values). */
  onValuesChange?: FormProps<V>['onValuesChange'];
  children: ReactNode;
}

/**
 * The add / edit dialog of a console record: an open modal (add or edit title, OK saves, cancel
 * closes, content dropped when hidden) holding a vertical antd form with the record's initial values.
 */
export function CrudFormModal<V>(props: CrudFormModalProps<V>): ReactNode {
  const { editing, titles, form, name, initialValues, save, saving, width, modalProps, onValuesChange } = props;
  return (
    <Modal
      open
      title={editing ? titles.edit : titles.add}
      onCancel={props.onCancel}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
      width={width}
      {...modalProps}
    >
      <Form<V> form={form} name={name} layout="vertical" initialValues={initialValues} onValuesChange={onValuesChange}>
        {props.children}
      </Form>
    </Modal>
  );
}
