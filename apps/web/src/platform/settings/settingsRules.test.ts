import { describe, expect, it } from 'vitest';
import { applySetting, COLOUR_PRESETS, DEFAULT_SETTINGS } from './settingsRules';

describe('settings drawer constraints (SPEC §2)', () => {
  it('defaults: side menu, dark, fixed width, multi-tab, blue', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      layoutMode: 'sidemenu',
      theme: 'dark',
      contentWidth: 'Fixed',
      multipage: true,
      colour: '#1890ff',
    });
    expect(COLOUR_PRESETS).toHaveLength(8);
  });

  it('hiding the header on scroll needs a fixed header; turning the fixed header off turns it off', () => {
    expect(applySetting(DEFAULT_SETTINGS, 'autoHideHeader', true).autoHideHeader).toBe(false);
    const fixed = applySetting(DEFAULT_SETTINGS, 'fixedHeader', true);
    const hiding = applySetting(fixed, 'autoHideHeader', true);
    expect(hiding.autoHideHeader).toBe(true);
    expect(applySetting(hiding, 'fixedHeader', false)).toMatchObject({ fixedHeader: false, autoHideHeader: false });
  });

  it('the fixed sidebar is off and cannot be set in top-menu mode', () => {
    const fixedSide = applySetting(DEFAULT_SETTINGS, 'fixedSidebar', true);
    const top = applySetting(fixedSide, 'layoutMode', 'topmenu');
    expect(top.fixedSidebar).toBe(false);
    expect(applySetting(top, 'fixedSidebar', true).fixedSidebar).toBe(false);
  });

  it('Fluid width exists only outside the side menu', () => {
    expect(applySetting(DEFAULT_SETTINGS, 'contentWidth', 'Fluid').contentWidth).toBe('Fixed');
    const top = applySetting(DEFAULT_SETTINGS, 'layoutMode', 'topmenu');
    const fluid = applySetting(top, 'contentWidth', 'Fluid');
    expect(fluid.contentWidth).toBe('Fluid');
    expect(applySetting(fluid, 'layoutMode', 'sidemenu').contentWidth).toBe('Fixed');
  });
});
