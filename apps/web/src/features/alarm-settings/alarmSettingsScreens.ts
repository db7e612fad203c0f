import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * Menu component names of settings → rule templates and user groups and of the scene area
 * (SPEC §2 scene list, detail, edit steps 1-3, params) and their lazily loaded screens; spread
 * into the one component registry. Each screen is its own chunk.
 */
export const ALARM_SETTINGS_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {};
