/** Layout settings of the settings drawer (SPEC §2), persisted under the SPEC §3 storage keys. */
export interface LayoutSettings {
  sidebarOpened: boolean;
  theme: 'dark' | 'light';
  layoutMode: 'sidemenu' | 'topmenu';
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixedSidebar: boolean;
  colour: string;
  colourWeak: boolean;
  multipage: boolean;
}

/** The eight theme colour presets; the blue one is the default (SPEC §9). */
export const COLOUR_PRESETS = [
  { key: 'dust', colour: '#f5222d' },
  { key: 'volcano', colour: '#fa541c' },
  { key: 'sunset', colour: '#faad14' },
  { key: 'cyan', colour: '#13c2c2' },
  { key: 'green', colour: '#52c41a' },
  { key: 'daybreak', colour: '#1890ff' },
  { key: 'geekblue', colour: '#2f54eb' },
  { key: 'purple', colour: '#722ed1' },
] as const;
export type ColourPresetKey = (typeof COLOUR_PRESETS)[number]['key'];

/** Defaults of SPEC §9: side menu, dark, fixed width, multi-page on, blue. */
export const DEFAULT_SETTINGS: LayoutSettings = {
  sidebarOpened: true,
  theme: 'dark',
  layoutMode: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixedSidebar: false,
  colour: '#1890ff',
  colourWeak: false,
  multipage: true,
};

/**
 * Applies one change with the drawer's constraints (SPEC §2):
 * hiding the header on scroll needs a fixed header, and turning the fixed header off turns it off;
 * the fixed sidebar is disabled (and off) in top-menu mode; Fluid width exists only outside the
 * side menu, so switching to the side menu goes back to Fixed.
 */
export function applySetting<K extends keyof LayoutSettings>(
  state: LayoutSettings,
  key: K,
  value: LayoutSettings[K],
): LayoutSettings {
  const next: LayoutSettings = { ...state, [key]: value };
  if (key === 'fixedHeader' && value === false) next.autoHideHeader = false;
  if (key === 'autoHideHeader' && value === true && !state.fixedHeader) next.autoHideHeader = false;
  if (key === 'fixedSidebar' && value === true && state.layoutMode === 'topmenu') next.fixedSidebar = false;
  if (key === 'layoutMode' && value === 'topmenu') next.fixedSidebar = false;
  if (key === 'layoutMode' && value === 'sidemenu') next.contentWidth = 'Fixed';
  if (key === 'contentWidth' && value === 'Fluid' && state.layoutMode === 'sidemenu') next.contentWidth = 'Fixed';
  return next;
}
