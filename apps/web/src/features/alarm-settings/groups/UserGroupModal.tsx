import { useEffect, type ReactNode } from 'react';
import { Divider, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserGroupRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { useSaveUserGroup } from '../api';
import { clearFieldErrors, reportSaveError, showFieldErrors } from '../../../platform/forms/formIssues';
import { groupToForm, validateGroup, type GroupFormValues } from './groupForm';
import { MembersEditor } from './MembersEditor';

/** Add / edit a recipient group (settings → user groups) with its members; contract-checked. */
export function UserGroupModal({
  group,
  onClose,
}: {
  group: UserGroupRecord | 'new' | null;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const { isMobile } = useResponsive();
  const [form] = Form.useForm<GroupFormValues>();
  const save = useSaveUserGroup();

  useEffect(() => {
    if (!group) return;
    form.resetFields();
    form.setFieldsValue(group === 'new' ? { name: '', description: '', members: [] } : groupToForm(group));
  }, [group, form]);

  const submit = async (): Promise<void> => {
    clearFieldErrors(form);
    const checked = validateGroup(form.getFieldsValue(true) as GroupFormValues, t);
    if ('errors' in checked) {
      showFieldErrors(form, checked.errors);
      return;
    }
    try {
      await save.mutateAsync({ ...checked.body, id: group && group !== 'new' ? group.id : undefined });
      feedback().message.success(t('groups.saved'));
      onClose();
    } catch (error) {
      reportSaveError(form, error, t);
    }
  };

  return (
    <Modal
      open={group !== null}
      width={isMobile ? '100%' : 960}
      title={group === 'new' ? t('groups.addTitle') : t('groups.editTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'group-save' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="group-form">
        <Form.Item name="name" label={t('fields.name')} required>
          <Input maxLength={30} data-testid="group-name" />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
        <Divider titlePlacement="start">{t('groups.members')}</Divider>
        <MembersEditor />
      </Form>
    </Modal>
  );
}
