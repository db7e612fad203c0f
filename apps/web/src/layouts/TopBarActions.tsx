import { Suspense, type ReactNode } from 'react';
import { BellOutlined, LogoutOutlined, PlaySquareOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { feedback } from '../platform/feedback/feedback';
import { logout } from '../platform/session/logout';
import { LOGIN_PATH } from '../platform/settings/appConfig';
import { LanguageDropdown } from './LanguageDropdown';
import { MenuSearch } from './MenuSearch';
import { useShellSlots } from './shellSlots';
import { UserMenu } from './UserMenu';

const action = {
  padding: '0 12px',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  height: '100%',
} as const;
/** Narrower on phones: six actions, the menu toggle and the product code fit in 375 px. */
const phoneAction = { ...action, padding: '0 7px' } as const;

/**
 * Right side of the top bar (SPEC §2): menu search, alarm notice bell (the app's slot), help and help
 * video, language, user menu and logout (asks first, calls logout, goes to the login page and reloads).
 */
export function TopBarActions({ isMobile }: { isMobile: boolean }): ReactNode {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  // the app's notice bell loads in its own chunk, after the layout (its place is held meanwhile)
  const { NoticeBell } = useShellSlots();
  const style = isMobile ? phoneAction : action;

  const confirmLogout = (): void => {
    feedback().modal.confirm({
      title: t('logout.title'),
      content: t('logout.content'),
      okText: t('logout.ok'),
      cancelText: t('logout.cancel'),
      onOk: async () => {
        await logout();
        await navigate(LOGIN_PATH, { replace: true });
        window.location.reload();
      },
    });
  };

  return (
    <div style={{ display: 'flex', alignItems: 'center', height: '100%', flexShrink: 0 }} data-testid="top-bar-actions">
      <MenuSearch isMobile={isMobile} />
      {NoticeBell && (
        <Suspense
          fallback={
            <span style={style}>
              <BellOutlined style={{ fontSize: 16 }} />
            </span>
          }
        >
          <NoticeBell style={style} />
        </Suspense>
      )}
      <span
        role="button"
        tabIndex={0}
        style={style}
        title={t('header.help')}
        onClick={() => void navigate('/user/help')}
      >
        <QuestionCircleOutlined />
      </span>
      <span
        role="button"
        tabIndex={0}
        style={style}
        title={t('header.helpVideo')}
        onClick={() => void navigate('/user/help4video')}
      >
        <PlaySquareOutlined />
      </span>
      <LanguageDropdown style={style} />
      <UserMenu isMobile={isMobile} />
      <span
        role="button"
        tabIndex={0}
        style={style}
        title={t('logout.button')}
        onClick={confirmLogout}
        data-testid="logout"
      >
        <LogoutOutlined />
        {!isMobile && <span style={{ marginLeft: 6 }}>{t('logout.button')}</span>}
      </span>
    </div>
  );
}
