import { useState, type ReactNode } from 'react';
import { Alert, Button, Input, Modal, Select, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOGIN_FREE_TARGETS, LOGIN_FREE_TTL_MINUTES, SsoRoutes, type LoginFreeLink } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';
import { formatDateTime } from '../../../platform/list/listQuery';

type Target = (typeof LOGIN_FREE_TARGETS)[number];
const TARGET_KEY: Record<Target, 'dashboard' | 'yakult'> = {
  '/dashboard/analysis': 'dashboard',
  '/yakult/index': 'yakult',
};

/** The absolute address of a console path (hash routing). */
export function consoleUrl(path: string): string {
  return `${window.location.origin}${window.location.pathname}#${path}`;
}

/**
 * Issues a login-free link for a user (administrators holding user:password):
 * lifetime and landing page, then the link to copy. The link works once.
 */
export function LoginFreeLinkModal({
  user,
  onClose,
}: {
  user: { id: string; username: string };
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('sso');
  const [minutes, setMinutes] = useState<number>(60);
  const [target, setTarget] = useState<Target>('/yakult/index');
  const [link, setLink] = useState<LoginFreeLink | null>(null);
  const [busy, setBusy] = useState(false);
  const issue = async (): Promise<void> => {
    setBusy(true);
    try {
      setLink(await callApi(SsoRoutes.issueLoginFree, { body: { userId: user.id, minutes, target } }));
    } finally {
      setBusy(false);
    }
  };
  const url = link ? consoleUrl(link.path) : '';
  return (
    <Modal
      open
      title={t('link.title', { name: user.username })}
      onCancel={onClose}
      footer={null}
      width={560}
      modalRender={(node) => <div data-testid="login-free-modal">{node}</div>}
    >
      <Alert type="warning" showIcon title={t('link.intro')} style={{ marginBottom: 16 }} />
      <Space wrap style={{ marginBottom: 16 }}>
        <span>{t('link.validity')}</span>
        <Select
          value={minutes}
          onChange={setMinutes}
          style={{ width: 120 }}
          options={LOGIN_FREE_TTL_MINUTES.map((m) => ({ value: m, label: t(`link.minutes.${m}`) }))}
          data-testid="login-free-minutes"
        />
        <span>{t('link.target')}</span>
        <Select
          value={target}
          onChange={setTarget}
          style={{ width: 150 }}
          options={LOGIN_FREE_TARGETS.map((p) => ({ value: p, label: t(`link.targets.${TARGET_KEY[p]}`) }))}
        />
      </Space>
      <Button type="primary" block loading={busy} onClick={() => void issue()} data-testid="login-free-issue">
        {t('link.issue')}
      </Button>
      {link && (
        <div style={{ marginTop: 16 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={url} data-testid="login-free-url" />
            <Button
              icon={<CopyOutlined />}
              onClick={() =>
                void navigator.clipboard?.writeText(url).then(() => feedback().message.success(t('link.copied')))
              }
            >
              {t('link.copy')}
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary">
            {t('link.expires', { time: formatDateTime(link.expiresAt) })}
          </Typography.Text>
        </div>
      )}
    </Modal>
  );
}
