import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Col, DatePicker, Divider, Form, Input, Modal, Row, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { UserRoutes, type UserCreate, type UserEdit, type UserRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
import { DepartPickerField } from '../../../platform/pickers/DepartPickerField';
import { ImageUpload } from '../../../platform/pickers/ImageUpload';
import { PositionPickerField } from '../../../platform/pickers/PositionPickerField';
import { DictMultiSelect, DictSelect } from '../../../platform/widgets/dict/DictSelect';
import { RolePickerField } from '../../../platform/pickers/RolePickerField';
import { showServerFieldErrors } from '../formErrors';
import { useAllRoles, useUserLinks } from './api';
import { confirmRule, userRules } from './userRules';

interface UserFormValues {
  username?: string;
  password?: string;
  confirmPassword?: string;
  realname: string;
  workNo?: string;
  post?: string;
  selectedroles?: string;
  selecteddeparts?: string;
  userIdentity: 1 | 2;
  avatar?: string;
  birthday?: Dayjs | null;
  sex?: 1 | 2;
  email?: string;
  phone: string;
  telephone?: string;
  defaultMonitorAccount?: string;
  onlyMultiLevelAlarm: boolean;
  alarmPushMode: (1 | 2 | 4)[];
}

interface UserFormModalProps {
  /** The user edited; undefined creates one. */
  user?: UserRecord;
  /** Read-only detail view. */
  readOnly?: boolean;
  onClose: () => void;
  onSaved: () => void;
}

function asPushModes(values: readonly number[]): (1 | 2 | 4)[] {
  return values.filter((v): v is 1 | 2 | 4 => v === 1 || v === 2 || v === 4);
}

/** Add / edit / detail dialog of a user (SPEC §3 user fields, §5 rules). */
export function UserFormModal({ user, readOnly = false, onClose, onSaved }: UserFormModalProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [form] = Form.useForm<UserFormValues>();
  const [saving, setSaving] = useState(false);
  const rules = useMemo(() => userRules(t, user?.id), [t, user?.id]);
  const roles = useAllRoles();
  const links = useUserLinks(user?.id);
  const roleLabels = useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r.roleName])), [roles.data]);
  const departLabels = useMemo(() => new Map((links.data?.departs ?? []).map((d) => [d.key, d.title])), [links.data]);
  // An edited user's roles and departments are shown and sent only once they are loaded: a save
  // before that leaves them as they are (the server keeps memberships it is not sent) instead of
  // clearing them.
  const linksReady = !user || links.data !== undefined;

  useEffect(() => {
    if (!user) return;
    form.setFieldsValue({
      realname: user.realname,
      workNo: user.workNo ?? undefined,
      post: user.post ?? undefined,
      avatar: user.avatar ?? undefined,
      birthday: user.birthday ? dayjs(user.birthday) : null,
      sex: user.sex === 1 || user.sex === 2 ? user.sex : undefined,
      email: user.email ?? undefined,
      phone: user.phone ?? '',
      telephone: user.telephone ?? undefined,
      userIdentity: user.userIdentity === 2 ? 2 : 1,
      defaultMonitorAccount: user.defaultMonitorAccount ?? undefined,
      onlyMultiLevelAlarm: user.onlyMultiLevelAlarm,
      alarmPushMode: asPushModes(user.alarmPushMode),
    });
  }, [user, form]);
  useEffect(() => {
    if (links.data)
      form.setFieldsValue({
        selectedroles: links.data.roles.join(','),
        selecteddeparts: links.data.departs.map((d) => d.key).join(','),
      });
  }, [links.data, form]);

  const save = async (): Promise<void> => {
    const v = await form.validateFields();
    const common = {
      realname: v.realname,
      workNo: v.workNo || null,
      post: v.post || null,
      avatar: v.avatar || null,
      birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : null,
      sex: v.sex ?? null,
      email: v.email || null,
      phone: v.phone,
      telephone: v.telephone || null,
      userIdentity: v.userIdentity,
      ...(linksReady ? { selectedroles: v.selectedroles ?? '', selecteddeparts: v.selecteddeparts ?? '' } : {}),
      defaultMonitorAccount: v.defaultMonitorAccount || null,
      onlyMultiLevelAlarm: v.onlyMultiLevelAlarm,
      alarmPushMode: v.alarmPushMode,
    };
    setSaving(true);
    try {
      if (user) await callApi(UserRoutes.edit, { body: { ...common, id: user.id } satisfies UserEdit });
      else
        await callApi(UserRoutes.add, {
          body: {
            ...common,
            username: v.username ?? '',
            password: v.password ?? '',
            confirmPassword: v.confirmPassword,
          } satisfies UserCreate,
        });
      feedback().message.success(t('list:saveSuccess'));
      onSaved();
      onClose();
    } catch (error) {
      showServerFieldErrors(form, error, t);
    } finally {
      setSaving(false);
    }
  };

  const title = readOnly ? t('user.detail') : user ? t('user.edit') : t('user.add');
  return (
    <Modal
      open
      width={800}
      title={title}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okButtonProps={{ hidden: readOnly }}
      destroyOnHidden
    >
      <Form<UserFormValues>
        form={form}
        name="user"
        layout="vertical"
        disabled={readOnly}
        initialValues={{ userIdentity: 1, onlyMultiLevelAlarm: false, alarmPushMode: [] }}
        data-testid="user-form"
      >
        <Row gutter={16}>
          {!user && (
            <>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="username"
                  label={t('user.username')}
                  rules={rules.username}
                  validateTrigger={['onChange', 'onBlur']}
                >
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="password" label={t('user.password')} rules={rules.password}>
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="confirmPassword"
                  required
                  label={t('user.confirmPassword')}
                  dependencies={['password']}
                  rules={[confirmRule(t)]}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
            </>
          )}
          {user && (
            <Col xs={24} sm={12}>
              <Form.Item label={t('user.username')}>
                <Input value={user.username} disabled />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={12}>
            <Form.Item name="realname" label={t('user.realname')} rules={rules.realname}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="workNo" label={t('user.workNo')} rules={rules.workNo}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label={t('user.phone')} rules={rules.phone}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="telephone" label={t('user.telephone')} rules={rules.telephone}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('user.email')} rules={rules.email}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="sex" label={t('user.sex')}>
              <DictSelect dictCode="sex" numeric testId="user-sex" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="birthday" label={t('user.birthday')}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="selectedroles" label={t('user.roles')}>
              <RolePickerField labels={roleLabels} disabled={readOnly || !linksReady} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="selecteddeparts" label={t('user.departs')}>
              <DepartPickerField labels={departLabels} disabled={readOnly || !linksReady} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="post" label={t('user.post')}>
              <PositionPickerField disabled={readOnly} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="userIdentity" label={t('user.identity')}>
              <DictSelect dictCode="user_identity" type="radioButton" numeric testId="user-identity" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="avatar" label={t('user.avatar')}>
              <ImageUpload />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('user.alarmPush')}</Divider>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="defaultMonitorAccount" label={t('user.defaultMonitorAccount')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="onlyMultiLevelAlarm" label={t('user.onlyMultiLevelAlarm')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24}>
            {/* the form holds the push types as numbers; the push_type dictionary's checkbox group works on comma-joined texts */}
            <Form.Item
              name="alarmPushMode"
              label={t('user.alarmPushMode')}
              getValueProps={(v?: number[]) => ({ value: (v ?? []).join(',') })}
              normalize={(v: string) => (v ? v.split(',').map(Number) : [])}
            >
              <DictMultiSelect dictCode="push_type" type="checkbox" testId="user-push-types" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
