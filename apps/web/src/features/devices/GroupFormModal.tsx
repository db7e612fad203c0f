import { useEffect, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../platform/feedback/feedback';
import { isApiError } from '../../platform/http/ApiError';
import { useGroupMutations, type GroupRecord } from './api';

/** Group name length (SPEC §5: 4-20 characters). */
export const GROUP_NAME_LENGTH = { min: 4, max: 20 } as const;

interface GroupFormModalProps {
  /** 'new' to add, a group to rename, null when closed. */
  group: GroupRecord | 'new' | null;
  onClose: () => void;
}

/** Adds or renames a device group; the name is 4-20 characters, server errors shown on the field. */
export function GroupFormModal({ group, onClose }: GroupFormModalProps): ReactNode {
  const { t } = useTranslation('devices');
  const [form] = Form.useForm<{ name: string }>();
  const { add, rename } = useGroupMutations();
  const editing = group !== null && group !== 'new' ? group : null;

  useEffect(() => {
    if (group !== null) form.setFieldsValue({ name: editing?.name ?? '' });
  }, [group, editing, form]);

  const save = async (): Promise<void> => {
    const { name } = await form.validateFields();
    try {
      if (editing) await rename.mutateAsync({ id: editing.id, name: name.trim() });
      else await add.mutateAsync(name.trim());
      feedback().message.success(t('groups.saved'));
      onClose();
    } catch (error) {
      if (isApiError(error))
        form.setFields([
          {
            name: 'name',
            errors: [
              error.errors[0]?.message.startsWith('validation.')
                ? t('groups.nameLength', GROUP_NAME_LENGTH)
                : error.message,
            ],
          },
        ]);
    }
  };

  return (
    <Modal
      open={group !== null}
      title={editing ? t('groups.rename') : t('groups.add')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={add.isPending || rename.isPending}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('groups.name')}
          rules={[
            { required: true, whitespace: true, message: t('groups.nameRequired') },
            {
              min: GROUP_NAME_LENGTH.min,
              max: GROUP_NAME_LENGTH.max,
              message: t('groups.nameLength', GROUP_NAME_LENGTH),
            },
          ]}
        >
          <Input maxLength={GROUP_NAME_LENGTH.max} showCount data-testid="group-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
