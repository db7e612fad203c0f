import { create } from 'zustand';
import { readStored, writeStored } from '../storage/localStore';
import { STORAGE_KEYS } from '../storage/storageKeys';
import { applySetting, DEFAULT_SETTINGS, type LayoutSettings } from './settingsRules';

/** Which storage key keeps which setting (SPEC §3). */
const SETTING_KEYS: Record<keyof LayoutSettings, string> = {
  sidebarOpened: STORAGE_KEYS.sidebarOpened,
  theme: STORAGE_KEYS.theme,
  layoutMode: STORAGE_KEYS.layoutMode,
  contentWidth: STORAGE_KEYS.contentWidth,
  fixedHeader: STORAGE_KEYS.fixedHeader,
  autoHideHeader: STORAGE_KEYS.autoHideHeader,
  fixedSidebar: STORAGE_KEYS.fixedSidebar,
  colour: STORAGE_KEYS.colour,
  colourWeak: STORAGE_KEYS.colourWeak,
  multipage: STORAGE_KEYS.multipage,
};

function loadSettings(): LayoutSettings {
  const loaded = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(SETTING_KEYS) as (keyof LayoutSettings)[]) {
    const value = readStored<LayoutSettings[typeof key] | null>(SETTING_KEYS[key], null);
    if (value !== null && typeof value === typeof DEFAULT_SETTINGS[key]) Object.assign(loaded, { [key]: value });
  }
  return loaded;
}

interface SettingsState extends LayoutSettings {
  /** Settings drawer visibility (not persisted). */
  drawerOpen: boolean;
  set: <K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]) => void;
  setDrawerOpen: (open: boolean) => void;
}

function persist(before: LayoutSettings, after: LayoutSettings): void {
  for (const key of Object.keys(SETTING_KEYS) as (keyof LayoutSettings)[]) {
    if (before[key] !== after[key]) writeStored(SETTING_KEYS[key], after[key]);
  }
}

function pickSettings(state: SettingsState): LayoutSettings {
  const picked = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(SETTING_KEYS) as (keyof LayoutSettings)[]) Object.assign(picked, { [key]: state[key] });
  return picked;
}

/** Layout settings store; every change goes through `applySetting` and is written to storage. */
export const useSettingsStore = create<SettingsState>((setState, getState) => ({
  ...loadSettings(),
  drawerOpen: false,
  set: (key, value) => {
    const before = pickSettings(getState());
    const after = applySetting(before, key, value);
    persist(before, after);
    setState(after);
  },
  setDrawerOpen: (open) => setState({ drawerOpen: open }),
}));
