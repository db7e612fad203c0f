import type { ReactNode } from 'react';
import { Divider, Drawer, Radio, Select, Switch, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COLOUR_PRESETS, type LayoutSettings } from '../platform/settings/settingsRules';

type SwitchSetting = {
  [K in keyof LayoutSettings]: LayoutSettings[K] extends boolean ? K : never;
}[keyof LayoutSettings];
import { useSettingsStore } from '../platform/settings/settingsStore';

/**
 * System settings drawer (SPEC §2): menu theme, theme colour (eight presets), navigation mode,
 * content width (Fluid only outside the side menu), fixed header, hide header on scroll (needs a
 * fixed header), fixed sidebar (not in top-menu mode), colour-weak mode, multi-tab mode.
 */
export function SettingsDrawer(): ReactNode {
  const { t } = useTranslation('settings');
  const s = useSettingsStore();
  const set = s.set;
  const row = (key: string, control: ReactNode, disabledHint?: string): ReactNode => (
    <div key={key} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '8px 0' }}>
      <Tooltip title={disabledHint}>
        <span>{t(`items.${key}`)}</span>
      </Tooltip>
      {control}
    </div>
  );
  const toggle = (key: SwitchSetting, checked: boolean, disabled = false): ReactNode => (
    <Switch
      size="small"
      checked={checked}
      disabled={disabled}
      onChange={(v) => set(key, v)}
      data-testid={`setting-${key}`}
    />
  );

  return (
    <Drawer
      open={s.drawerOpen}
      onClose={() => s.setDrawerOpen(false)}
      title={t('title')}
      size={300}
      data-testid="settings-drawer"
    >
      <h4>{t('menuTheme')}</h4>
      <Radio.Group
        value={s.theme}
        onChange={(e) => set('theme', e.target.value as LayoutSettings['theme'])}
        optionType="button"
      >
        <Radio.Button value="dark">{t('theme.dark')}</Radio.Button>
        <Radio.Button value="light">{t('theme.light')}</Radio.Button>
      </Radio.Group>

      <h4 style={{ marginTop: 24 }}>{t('colour')}</h4>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {COLOUR_PRESETS.map((p) => (
          <Tooltip key={p.key} title={t(`colours.${p.key}`)}>
            <button
              type="button"
              aria-label={t(`colours.${p.key}`)}
              onClick={() => set('colour', p.colour)}
              style={{
                width: 22,
                height: 22,
                borderRadius: 4,
                border: 'none',
                background: p.colour,
                color: '#fff',
                cursor: 'pointer',
                padding: 0,
              }}
            >
              {s.colour === p.colour && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider />
      <h4>{t('navMode')}</h4>
      <Radio.Group
        value={s.layoutMode}
        onChange={(e) => set('layoutMode', e.target.value as LayoutSettings['layoutMode'])}
        optionType="button"
      >
        <Radio.Button value="sidemenu">{t('mode.sidemenu')}</Radio.Button>
        <Radio.Button value="topmenu">{t('mode.topmenu')}</Radio.Button>
      </Radio.Group>
      <div style={{ marginTop: 12 }}>
        {row(
          'contentWidth',
          <Select
            size="small"
            style={{ width: 90 }}
            value={s.contentWidth}
            onChange={(v: LayoutSettings['contentWidth']) => set('contentWidth', v)}
            options={[
              { value: 'Fixed', label: t('width.Fixed') },
              ...(s.layoutMode !== 'sidemenu' ? [{ value: 'Fluid', label: t('width.Fluid') }] : []),
            ]}
          />,
          s.layoutMode === 'sidemenu' ? t('hints.contentWidth') : undefined,
        )}
        {row('fixedHeader', toggle('fixedHeader', s.fixedHeader))}
        {row(
          'autoHideHeader',
          toggle('autoHideHeader', s.autoHideHeader, !s.fixedHeader),
          !s.fixedHeader ? t('hints.autoHideHeader') : undefined,
        )}
        {row(
          'fixedSidebar',
          toggle('fixedSidebar', s.fixedSidebar, s.layoutMode === 'topmenu'),
          s.layoutMode === 'topmenu' ? t('hints.fixedSidebar') : undefined,
        )}
      </div>
      <Divider />
      <div>
        {row('colourWeak', toggle('colourWeak', s.colourWeak))}
        {row('multipage', toggle('multipage', s.multipage))}
      </div>
    </Drawer>
  );
}
