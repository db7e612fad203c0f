import { useState, type ReactNode } from 'react';
import { DatePicker, Divider, Form, Input, InputNumber, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PATTERNS, TenantRoutes, type TenantCreate, type TenantEdit, type TenantRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { patternRule } from '../../../platform/forms/formRules';
import { callApi } from '../../../platform/http/callApi';
import { showServerFieldErrors } from '../formErrors';
import { confirmRule } from '../user/userRules';

interface TenantFormValues {
  id?: number | null;
  name: string;
  nameEn?: string;
  status: 0 | 1;
  beginDate?: Dayjs | null;
  endDate?: Dayjs | null;
  adminUsername?: string;
  adminRealname?: string;
  adminPassword?: string;
  adminConfirmPassword?: string;
}

const day = (v: string | null): Dayjs | null => (v ? dayjs(v.slice(0, 10)) : null);
const text = (v: Dayjs | null | undefined): string | null => (v ? v.format('YYYY-MM-DD') : null);

/**
 * Add / edit dialog of a tenant (SPEC §6 tenants). Adding also creates the tenant's first
 * administrator (account, name, password; SPEC §5 rules): the platform administrator who creates
 * the tenant does not join it. Server field errors (e.g. an account name that cannot
 * be used) show beside the fields.
 */
export function TenantFormModal({
  tenant,
  onClose,
  onSaved,
}: {
  tenant?: TenantRecord;
  onClose: () => void;
  onSaved: () => Promise<void> | void;
}): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [form] = Form.useForm<TenantFormValues>();
  const [saving, setSaving] = useState(false);
  const required = { required: true, message: t('common:validation.required') };
  const status = [
    { value: 1, label: t('tenant.normal') },
    { value: 0, label: t('tenant.frozen') },
  ];
  const save = async (): Promise<void> => {
    const v = await form.validateFields();
    const body = {
      name: v.name,
      nameEn: v.nameEn || null,
      status: v.status === 0 ? (0 as const) : (1 as const),
      beginDate: text(v.beginDate),
      endDate: text(v.endDate),
    };
    setSaving(true);
    try {
      if (tenant) await callApi(TenantRoutes.edit, { body: { ...body, id: tenant.id } satisfies TenantEdit });
      else {
        const admin = {
          adminUsername: v.adminUsername ?? '',
          adminRealname: v.adminRealname ?? '',
          adminPassword: v.adminPassword ?? '',
        };
        await callApi(TenantRoutes.add, {
          body: { ...body, ...admin, id: typeof v.id === 'number' ? v.id : undefined } satisfies TenantCreate,
        });
      }
      feedback().message.success(t('list:saveSuccess'));
      await onSaved();
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error, t);
    } finally {
      setSaving(false);
    }
  };
  const initial: Partial<TenantFormValues> = tenant
    ? {
        id: tenant.id,
        name: tenant.name,
        nameEn: tenant.nameEn ?? undefined,
        status: tenant.status === 0 ? 0 : 1,
        beginDate: day(tenant.beginDate),
        endDate: day(tenant.endDate),
      }
    : { status: 1 };
  return (
    <Modal
      open
      title={tenant ? t('tenant.edit') : t('tenant.add')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<TenantFormValues>
        form={form}
        name="tenant"
        layout="vertical"
        initialValues={initial}
        data-testid="tenant-form"
      >
        <Form.Item name="id" label={t('tenant.id')}>
          <InputNumber style={{ width: '100%' }} disabled={Boolean(tenant)} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('tenant.name')}
          rules={[required, { min: 2, message: t('common:validation.tooShort') }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('tenant.nameEn')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="status" label={t('tenant.status')}>
          <Radio.Group options={status} />
        </Form.Item>
        <Form.Item name="beginDate" label={t('tenant.beginDate')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="endDate" label={t('tenant.endDate')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        {!tenant && (
          <>
            <Divider titlePlacement="start" plain>
              {t('tenant.firstAdmin')}
            </Divider>
            <Form.Item
              name="adminUsername"
              label={t('tenant.adminUsername')}
              extra={t('tenant.firstAdminHint')}
              rules={[required, patternRule(PATTERNS.username, 'validation.username', t)]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="adminRealname"
              label={t('tenant.adminRealname')}
              rules={[required, patternRule(PATTERNS.realname, 'validation.realname', t)]}
            >
              <Input />
            </Form.Item>
            <Form.Item
              name="adminPassword"
              label={t('tenant.adminPassword')}
              rules={[required, patternRule(PATTERNS.password, 'validation.password', t)]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="adminConfirmPassword"
              required
              label={t('user.confirmPassword')}
              dependencies={['adminPassword']}
              rules={[confirmRule(t, 'adminPassword')]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
