import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * Menu component names of the alarm and push areas (SPEC §2 alarm list, gateway alarm list,
 * process record list, push list) and their lazily loaded screens; spread into the one component
 * registry. Each screen is its own chunk.
 */
export const ALARM_SCREENS: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {};
