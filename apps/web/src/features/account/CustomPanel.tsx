import type { ReactNode } from 'react';
import { Form, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../platform/settings/settingsStore';

/** Custom settings: menu theme, navigation mode, colour-weak and multi-tab, kept in local storage. */
export function CustomPanel(): ReactNode {
  const { t } = useTranslation('account');
  const theme = useSettingsStore((s) => s.theme);
  const layoutMode = useSettingsStore((s) => s.layoutMode);
  const colourWeak = useSettingsStore((s) => s.colourWeak);
  const multipage = useSettingsStore((s) => s.multipage);
  const set = useSettingsStore((s) => s.set);
  return (
    <Form layout="vertical" style={{ maxWidth: 480 }} data-testid="account-custom">
      <Form.Item label={t('custom.theme')}>
        <Radio.Group
          value={theme}
          onChange={(e) => set('theme', e.target.value === 'light' ? 'light' : 'dark')}
          options={[
            { value: 'dark', label: t('custom.dark') },
            { value: 'light', label: t('custom.light') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('custom.layout')}>
        <Radio.Group
          value={layoutMode}
          onChange={(e) => set('layoutMode', e.target.value === 'topmenu' ? 'topmenu' : 'sidemenu')}
          options={[
            { value: 'sidemenu', label: t('custom.sidemenu') },
            { value: 'topmenu', label: t('custom.topmenu') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('custom.colourWeak')}>
        <Switch checked={colourWeak} onChange={(v) => set('colourWeak', v)} />
      </Form.Item>
      <Form.Item label={t('custom.multipage')}>
        <Switch checked={multipage} onChange={(v) => set('multipage', v)} />
      </Form.Item>
    </Form>
  );
}
