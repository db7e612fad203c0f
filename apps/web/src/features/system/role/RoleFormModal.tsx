import { useState, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATTERNS, RoleRoutes, type RoleRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { patternRule } from '../../../platform/forms/formRules';
import { callApi } from '../../../platform/http/callApi';
import { showServerFieldErrors } from '../formErrors';

interface RoleFormValues {
  roleName: string;
  roleCode: string;
  description?: string;
}

/** Add / edit dialog of a role (SPEC §3 role; §5 role code without Chinese, lengths 2-30). */
export function RoleFormModal({
  role,
  onClose,
  onSaved,
}: {
  role?: RoleRecord;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [form] = Form.useForm<RoleFormValues>();
  const [saving, setSaving] = useState(false);
  const required = { required: true, message: t('common:validation.required') };
  const length = { min: 2, max: 30, message: t('role.length') };
  const save = async (): Promise<void> => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = { roleName: v.roleName, roleCode: v.roleCode, description: v.description || null };
      if (role) await callApi(RoleRoutes.edit, { body: { ...body, id: role.id } });
      else await callApi(RoleRoutes.add, { body });
      feedback().message.success(t('list:saveSuccess'));
      onSaved();
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error, t);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={role ? t('role.edit') : t('role.add')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<RoleFormValues>
        form={form}
        name="role"
        layout="vertical"
        initialValues={
          role
            ? { roleName: role.roleName, roleCode: role.roleCode, description: role.description ?? undefined }
            : undefined
        }
      >
        <Form.Item
          name="roleName"
          label={t('role.roleName')}
          rules={[required, length, patternRule(PATTERNS.noSlash, 'validation.noSlash', t)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="roleCode"
          label={t('role.roleCode')}
          rules={[
            required,
            length,
            patternRule(PATTERNS.noChinese, 'validation.noChinese', t),
            patternRule(/^[A-Za-z0-9_:-]*$/, 'validation.invalid', t),
          ]}
        >
          <Input disabled={Boolean(role)} />
        </Form.Item>
        <Form.Item name="description" label={t('role.description')}>
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
