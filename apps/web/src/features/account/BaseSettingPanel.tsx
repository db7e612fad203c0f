import type { ReactNode } from 'react';
import { Avatar, Descriptions, Space } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { staticHref } from '../../platform/pickers/ImageUpload';
import { useSessionStore } from '../../platform/session/sessionStore';

/** Base setting: the signed-in user's profile as the session knows it. */
export function BaseSettingPanel(): ReactNode {
  const { t } = useTranslation(['account', 'system']);
  const user = useSessionStore((s) => s.userInfo);
  if (!user) return null;
  const sex = user.sex === 1 ? t('system:user.male') : user.sex === 2 ? t('system:user.female') : '—';
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="account-base">
      <Avatar size={96} src={staticHref(user.avatar)} icon={<UserOutlined />} />
      <Descriptions column={{ xs: 1, sm: 2 }} bordered size="small">
        <Descriptions.Item label={t('system:user.username')}>{user.username}</Descriptions.Item>
        <Descriptions.Item label={t('system:user.realname')}>{user.realname}</Descriptions.Item>
        <Descriptions.Item label={t('system:user.sex')}>{sex}</Descriptions.Item>
        <Descriptions.Item label={t('system:user.phone')}>{user.phone ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('system:user.email')}>{user.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('system:user.departs')}>{user.orgCodeTxt ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('system:user.identity')}>{user.userIdentity === 2 ? t('system:user.identityUpper') : t('system:user.identityNormal')}</Descriptions.Item>
        <Descriptions.Item label={t('account.tenant')}>{user.loginTenantId}</Descriptions.Item>
      </Descriptions>
    </Space>
  );
}
