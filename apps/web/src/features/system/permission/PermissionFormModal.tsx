import { useState, type ReactNode } from 'react';
import { Col, Form, Input, InputNumber, Modal, Radio, Row, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { PermissionRoutes, type PermissionCreate, type PermissionNode } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { patternRule } from '../../../platform/forms/formRules';
import { callApi } from '../../../platform/http/callApi';
import { showServerFieldErrors } from '../formErrors';

type Values = Omit<PermissionCreate, 'menuType'> & { menuType: 0 | 1 | 2 };
const FLAGS = ['route', 'hidden', 'keepAlive', 'internalOrExternal', 'alwaysShow'] as const;

interface PermissionFormModalProps {
  node?: PermissionNode;
  parentId?: string;
  tree: PermissionNode[];
  onClose: () => void;
  onSaved: () => void;
}

/** Add / edit a menu or button (SPEC §2 menu item, §3 permission): every field of the menu table. */
export function PermissionFormModal({ node, parentId, tree, onClose, onSaved }: PermissionFormModalProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const menuType = Form.useWatch('menuType', form) ?? node?.menuType ?? (parentId ? 1 : 0);
  const initial: Partial<Values> = node
    ? {
        parentId: node.parentId,
        name: node.name,
        nameEn: node.nameEn,
        menuType: node.menuType === 2 ? 2 : node.menuType === 1 ? 1 : 0,
        url: node.url,
        component: node.component,
        redirect: node.redirect,
        perms: node.perms,
        status: node.status === '0' ? '0' : '1',
        sortNo: node.sortNo,
        icon: node.icon,
        route: node.route,
        hidden: node.hidden,
        keepAlive: node.keepAlive,
        internalOrExternal: node.internalOrExternal,
        alwaysShow: node.alwaysShow,
      }
    : {
        parentId,
        menuType: parentId ? 1 : 0,
        status: '1',
        sortNo: 1,
        route: true,
        hidden: false,
        keepAlive: false,
        internalOrExternal: false,
        alwaysShow: false,
      };
  const save = async (): Promise<void> => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body: PermissionCreate = { ...initial, ...v } as PermissionCreate;
      if (node) await callApi(PermissionRoutes.edit, { body: { ...body, id: node.id } });
      else await callApi(PermissionRoutes.add, { body });
      feedback().message.success(t('list:saveSuccess'));
      onSaved();
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error, t);
    } finally {
      setSaving(false);
    }
  };
  const req = { required: true, message: t('common:validation.required') };
  return (
    <Modal
      open
      width={800}
      title={node ? t('permission.edit') : t('permission.add')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<Values> form={form} name="permission" layout="vertical" initialValues={initial}>
        <Row gutter={16}>
          <Col xs={24}>
            <Form.Item name="menuType" label={t('permission.menuType')}>
              <Radio.Group options={[0, 1, 2].map((v) => ({ value: v, label: t(`permission.type.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('permission.name')} rules={[req]}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="nameEn" label={t('permission.nameEn')} rules={[req]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          {menuType !== 0 && (
            <Col xs={24}>
              <Form.Item name="parentId" label={t('permission.parent')} rules={[req]}>
                <TreeSelect
                  treeData={tree}
                  fieldNames={{ label: 'title', value: 'id', children: 'children' }}
                  showSearch
                  treeNodeFilterProp="title"
                />
              </Form.Item>
            </Col>
          )}
          {menuType !== 2 && (
            <>
              <Col xs={24} sm={12}>
                <Form.Item name="url" label={t('permission.url')} rules={[req]}>
                  <Input maxLength={300} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="component" label={t('permission.component')}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="redirect" label={t('permission.redirect')}>
                  <Input maxLength={300} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="icon" label={t('permission.icon')}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} sm={12}>
            <Form.Item
              name="perms"
              label={t('permission.perms')}
              rules={[...(menuType === 2 ? [req] : []), patternRule(/^[A-Za-z0-9_:,.-]*$/, 'validation.invalid', t)]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="sortNo" label={t('permission.sortNo')}>
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('permission.status')}>
              <Radio.Group
                options={[
                  { value: '1', label: t('dict.enabled') },
                  { value: '0', label: t('dict.disabled') },
                ]}
              />
            </Form.Item>
          </Col>
          {menuType !== 2 &&
            FLAGS.map((f) => (
              <Col key={f} xs={12} sm={8}>
                <Form.Item name={f} label={t(`permission.${f}`)} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
            ))}
        </Row>
      </Form>
    </Modal>
  );
}
