import type { ReactNode } from 'react';
import { Button, Card, Col, Row } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../platform/session/sessionStore';
import { BaseSettingPanel } from './BaseSettingPanel';
import { NotificationPanel } from './NotificationPanel';

/** Account center (`account/Center`): who the user is, how notices reach them, a way to settings. */
export function AccountCenterPage(): ReactNode {
  const { t } = useTranslation(['account', 'system', 'list']);
  const navigate = useNavigate();
  const realname = useSessionStore((s) => s.userInfo?.realname);
  return (
    <Row gutter={[16, 16]} data-testid="account-center">
      <Col xs={24} lg={14}>
        <Card
          size="small"
          title={realname}
          extra={
            <Button icon={<SettingOutlined />} onClick={() => void navigate('/account/settings')}>
              {t('center.settings')}
            </Button>
          }
        >
          <BaseSettingPanel />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('tabs.notification')}>
          <NotificationPanel />
        </Card>
      </Col>
    </Row>
  );
}
