import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Col, DatePicker, Descriptions, Form, Input, Row, Select, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { UserRoutes, type UserProfile } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { callApi } from '../../platform/http/callApi';
import { ImageUpload } from '../../platform/pickers/ImageUpload';
import { storeUserInfo, useSessionStore } from '../../platform/session/sessionStore';
import { showServerFieldErrors } from '../system/formErrors';
import { userRules } from '../system/user/userRules';
import { CurrentTenantName } from './CurrentTenantName';

interface ProfileValues {
  realname: string;
  email?: string;
  phone: string;
  sex?: 1 | 2;
  birthday?: Dayjs | null;
  avatar?: string;
}

/**
 * Base setting (SPEC §2 account settings): the signed-in user edits their own real name, email,
 * mobile, sex, birthday and avatar through the session route `userEdit` (no administrator
 * permission); the account name, departments, identity and tenant (by name) are shown read-only. Field
 * errors of SPEC §5 show beside the fields, from the form rules or the server's code 400.
 */
export function BaseSettingPanel(): ReactNode {
  const { t } = useTranslation(['account', 'system', 'list']);
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  const user = useSessionStore((s) => s.userInfo);
  const rules = useMemo(() => userRules(t), [t]);
  const profile = useQuery({
    queryKey: ['account', 'profile'],
    queryFn: ({ signal }) => callApi(UserRoutes.profile, { signal }),
  });
  useEffect(() => {
    const p = profile.data;
    if (!p) return;
    form.setFieldsValue({
      realname: p.realname,
      email: p.email ?? undefined,
      phone: p.phone ?? '',
      sex: p.sex === 1 || p.sex === 2 ? p.sex : undefined,
      birthday: p.birthday ? dayjs(p.birthday) : null,
      avatar: p.avatar ?? undefined,
    });
  }, [profile.data, form]);

  const save = async (): Promise<void> => {
    const v = await form.validateFields();
    const body: UserProfile = {
      realname: v.realname,
      email: v.email || null,
      phone: v.phone,
      sex: v.sex ?? null,
      birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : null,
      avatar: v.avatar || null,
    };
    setSaving(true);
    try {
      storeUserInfo(await callApi(UserRoutes.saveProfile, { body }));
      feedback().message.success(t('list:saveSuccess'));
      await profile.refetch();
    } catch (error) {
      showServerFieldErrors(form, error, t);
    } finally {
      setSaving(false);
    }
  };

  if (!user) return null;
  if (profile.isLoading) return <Skeleton active />;
  return (
    <Form<ProfileValues> form={form} name="profile" layout="vertical" data-testid="account-base">
      <Row gutter={32}>
        <Col xs={24} lg={14} style={{ maxWidth: 560 }}>
          <Form.Item label={t('system:user.username')}>
            <Input value={profile.data?.username ?? user.username} disabled />
          </Form.Item>
          <Form.Item name="realname" label={t('system:user.realname')} rules={rules.realname}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="phone" label={t('system:user.phone')} rules={rules.phone}>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item name="email" label={t('system:user.email')} rules={rules.email}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="sex" label={t('system:user.sex')}>
            <Select
              allowClear
              options={[
                { value: 1, label: t('system:user.male') },
                { value: 2, label: t('system:user.female') },
              ]}
            />
          </Form.Item>
          <Form.Item name="birthday" label={t('system:user.birthday')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="account-profile-save">
            {t('account.save')}
          </Button>
        </Col>
        <Col xs={24} lg={10}>
          <Form.Item name="avatar" label={t('system:user.avatar')}>
            <ImageUpload />
          </Form.Item>
          {/* labels on one line: in the narrow column 所属部门 and 当前租户 broke in two */}
          <Descriptions column={1} bordered size="small" styles={{ label: { whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label={t('system:user.departs')}>{user.orgCodeTxt ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('system:user.identity')}>
              {user.userIdentity === 2 ? t('system:user.identityUpper') : t('system:user.identityNormal')}
            </Descriptions.Item>
            <Descriptions.Item label={t('account.tenant')}>
              <CurrentTenantName />
            </Descriptions.Item>
          </Descriptions>
        </Col>
      </Row>
    </Form>
  );
}
