import { useMemo, useState, type ReactNode } from 'react';
import { Modal, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toLanguage } from '../platform/i18n/i18n';
import { usePermissionStore } from '../platform/permissions/permissionStore';
import { externalUrl, isExternalEntry, menuTitle, searchableEntries } from '../platform/router/menuModel';
import { storeRouteTitle } from '../platform/router/routeTitle';

/**
 * Menu search of the top bar (SPEC §2): a select over every visible, non-layout menu entry;
 * external entries open a new window, others navigate. In a modal on mobile.
 */
export function MenuSearch({ isMobile }: { isMobile: boolean }): ReactNode {
  const { t, i18n } = useTranslation('layout');
  const lang = toLanguage(i18n.language);
  const menu = usePermissionStore((s) => s.menu);
  const navigate = useNavigate();
  const [modalOpen, setModalOpen] = useState(false);
  const entries = useMemo(() => searchableEntries(menu), [menu]);
  const options = useMemo(() => entries.map((e) => ({ value: e.path, label: menuTitle(e, lang) })), [entries, lang]);

  const go = (path: string): void => {
    const entry = entries.find((e) => e.path === path);
    if (!entry) return;
    setModalOpen(false);
    if (isExternalEntry(entry)) {
      window.open(externalUrl(entry), '_blank', 'noopener');
      return;
    }
    storeRouteTitle(entry.path, { 'zh-CN': entry.meta.title, 'en-US': entry.meta.titleEn });
    void navigate(entry.path);
  };

  const select = (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      value={null}
      placeholder={t('header.searchMenu')}
      options={options}
      onChange={(value: string) => go(value)}
      style={{ width: isMobile ? '100%' : 180 }}
      variant={isMobile ? 'outlined' : 'borderless'}
      suffixIcon={<SearchOutlined />}
      data-testid="menu-search"
    />
  );

  if (!isMobile) return select;
  return (
    <>
      <span
        role="button"
        tabIndex={0}
        title={t('header.searchMenu')}
        onClick={() => setModalOpen(true)}
        style={{ padding: isMobile ? '0 7px' : '0 12px', cursor: 'pointer' }}
      >
        <SearchOutlined />
      </span>
      <Modal
        open={modalOpen}
        title={t('header.searchMenu')}
        footer={null}
        onCancel={() => setModalOpen(false)}
        destroyOnHidden
      >
        {select}
      </Modal>
    </>
  );
}
