import { useEffect, useState, type ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Radio, Space, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { DepartRoutes, PATTERNS, type DepartCreate, type DepartNode } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { patternRule } from '../../../platform/forms/formRules';
import { callApi } from '../../../platform/http/callApi';
import { showServerFieldErrors } from '../formErrors';

interface DepartFormValues {
  departName: string;
  departNameEn?: string;
  orgCategory: '1' | '2' | '3';
  parentId?: string;
  mobile?: string;
  fax?: string;
  address?: string;
  memo?: string;
  departOrder: number;
}

interface DepartFormProps {
  /** Department edited; undefined creates one under `parentId`. */
  depart?: DepartNode;
  parentId?: string;
  tree: DepartNode[];
  canSave: boolean;
  onSaved: (id: string) => void;
  onCancel?: () => void;
}

/** Department creation/edit fields (SPEC §3): name, organisation type, upper department, phone, fax, address, note, order. */
export function DepartForm({ depart, parentId, tree, canSave, onSaved, onCancel }: DepartFormProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [form] = Form.useForm<DepartFormValues>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    form.resetFields();
    if (depart) {
      form.setFieldsValue({
        departName: depart.departName,
        departNameEn: depart.departNameEn ?? undefined,
        orgCategory: depart.orgCategory === '1' || depart.orgCategory === '3' ? depart.orgCategory : '2',
        parentId: depart.parentId ?? undefined,
        mobile: depart.mobile ?? undefined,
        fax: depart.fax ?? undefined,
        address: depart.address ?? undefined,
        memo: depart.memo ?? undefined,
        departOrder: depart.departOrder,
      });
    } else form.setFieldsValue({ parentId, orgCategory: parentId ? '2' : '1', departOrder: 0 });
  }, [depart, parentId, form]);

  const save = async (): Promise<void> => {
    const v = await form.validateFields();
    const body: DepartCreate = {
      departName: v.departName,
      departNameEn: v.departNameEn || null,
      orgCategory: v.orgCategory,
      parentId: v.parentId || null,
      mobile: v.mobile || null,
      fax: v.fax || null,
      address: v.address || null,
      memo: v.memo || null,
      departOrder: v.departOrder ?? 0,
    };
    setSaving(true);
    try {
      if (depart) {
        const { parentId: _ignored, ...rest } = body;
        await callApi(DepartRoutes.edit, { body: { ...rest, id: depart.id } });
        onSaved(depart.id);
      } else {
        const created = await callApi(DepartRoutes.add, { body });
        onSaved(created.id);
      }
      feedback().message.success(t('list:saveSuccess'));
    } catch (error) {
      showServerFieldErrors(form, error, t);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<DepartFormValues> form={form} name="depart" layout="vertical" disabled={!canSave} data-testid="depart-form">
      <Form.Item
        name="departName"
        label={t('depart.departName')}
        rules={[
          { required: true, message: t('common:validation.required') },
          patternRule(PATTERNS.noSlash, 'validation.noSlash', t),
        ]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="departNameEn" label={t('depart.departNameEn')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="orgCategory" label={t('depart.orgCategory')}>
        <Radio.Group
          options={(['1', '2', '3'] as const).map((c) => ({ value: c, label: t(`depart.category.${c}`) }))}
        />
      </Form.Item>
      {depart ? (
        <Form.Item label={t('depart.orgCode')}>
          <Input value={depart.orgCode} disabled />
        </Form.Item>
      ) : (
        <Form.Item name="parentId" label={t('depart.parent')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            treeData={tree}
            fieldNames={{ label: 'title', value: 'id', children: 'children' }}
            placeholder={t('depart.parentNone')}
          />
        </Form.Item>
      )}
      <Form.Item name="mobile" label={t('depart.mobile')}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="fax" label={t('depart.fax')}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="address" label={t('depart.address')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="departOrder" label={t('depart.order')}>
        <InputNumber min={0} max={99999} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="memo" label={t('depart.memo')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
      {canSave && (
        <Space>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="depart-save">
            {t('depart.save')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('depart.cancel')}</Button>}
        </Space>
      )}
    </Form>
  );
}
