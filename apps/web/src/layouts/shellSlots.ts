import { createContext, useContext, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import type { DataRouter } from 'react-router';

/**
 * An entry the app adds to the top bar's user menu, after the layout's own (account settings,
 * download center, system settings). Either it opens `Dialog` or it runs `onSelect`.
 */
export interface UserMenuEntry {
  /** Menu key, unique within the user menu. */
  key: string;
  icon: ReactNode;
  /** Label key in the `layout` namespace. */
  labelKey: string;
  /**
   * Dialog of the entry, always rendered by the user menu and told whether it is open; `onClose`
   * closes it (done or cancelled).
   */
  Dialog?: ComponentType<{ open: boolean; onClose: () => void }>;
  /** What the entry does when chosen, when it has no dialog. */
  onSelect?: () => void;
}

/**
 * What the app composition hands the basic layout: the feature widgets of the shell (layouts
 * import no feature) and the router whose navigations the multi-tab bar follows.
 */
export interface ShellSlots {
  /** The console's router: every completed navigation inside the basic layout opens a tab. */
  router: Pick<DataRouter, 'state' | 'subscribe'>;
  /** The top bar's notice bell; rendered in Suspense behind a bell icon while it loads. */
  NoticeBell?: ComponentType<{ style: CSSProperties }>;
  /** Entries the user menu adds after its own. */
  userMenuEntries: readonly UserMenuEntry[];
}

const ShellSlotsContext = createContext<ShellSlots | null>(null);

/** Provides the shell's slots to the basic layout below it. */
export const ShellSlotsProvider = ShellSlotsContext.Provider;

/**
 * The slots the app gave the basic layout.
 * @throws Error when no `ShellSlotsProvider` is above (the layout rendered outside the app's shell).
 */
export function useShellSlots(): ShellSlots {
  const slots = useContext(ShellSlotsContext);
  if (!slots) throw new Error('useShellSlots: the basic layout needs a ShellSlotsProvider above it');
  return slots;
}
