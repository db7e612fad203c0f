import { describe, expect, it } from 'vitest';
import { activeAfterBulkClose, closeLeft, closeOthers, closeRight, closeTab, openTab, type PageTab } from './tabRules';

const HOME = '/dashboard/analysis';
const tab = (key: string): PageTab => ({ key, pathname: key.split('?')[0] });
const keys = (tabs: PageTab[]): string[] => tabs.map((t) => t.key);

describe('openTab', () => {
  it('adds a tab per full path, once, keeping the homepage first', () => {
    let tabs = openTab([], tab('/device/list'), HOME);
    expect(keys(tabs)).toEqual([HOME, '/device/list']);
    tabs = openTab(tabs, tab('/device/list'), HOME);
    tabs = openTab(tabs, tab('/device/detail/1?from=list'), HOME);
    tabs = openTab(tabs, tab('/device/detail/1?from=map'), HOME);
    expect(keys(tabs)).toEqual([HOME, '/device/list', '/device/detail/1?from=list', '/device/detail/1?from=map']);
  });

  it('does not invent a homepage tab when the menu has no homepage', () => {
    expect(keys(openTab([], tab('/system/user')))).toEqual(['/system/user']);
  });
});

describe('closeTab', () => {
  const tabs = [tab(HOME), tab('/a'), tab('/b'), tab('/c')];

  it('refuses to close the homepage', () => {
    expect(closeTab(tabs, HOME, '/a', HOME)).toEqual({ ok: false, reason: 'homepage' });
  });

  it('refuses to close the last tab', () => {
    expect(closeTab([tab('/a')], '/a', '/a', HOME)).toEqual({ ok: false, reason: 'lastPage' });
  });

  it('closing the homepage when it is the only tab reports the homepage rule', () => {
    expect(closeTab([tab(HOME)], HOME, HOME, HOME)).toEqual({ ok: false, reason: 'homepage' });
  });

  it('closing the active tab activates the right neighbour, else the left one', () => {
    const middle = closeTab(tabs, '/b', '/b', HOME);
    expect(middle).toEqual({ ok: true, tabs: [tab(HOME), tab('/a'), tab('/c')], activeKey: '/c' });
    const last = closeTab(tabs, '/c', '/c', HOME);
    expect(last.ok && last.activeKey).toBe('/b');
  });

  it('closing another tab keeps the active one', () => {
    const result = closeTab(tabs, '/a', '/c', HOME);
    expect(result.ok && keys(result.tabs)).toEqual([HOME, '/b', '/c']);
    expect(result.ok && result.activeKey).toBe('/c');
  });
});

describe('bulk close', () => {
  const tabs = [tab(HOME), tab('/a'), tab('/b'), tab('/c'), tab('/d')];

  it('closes left / right / others but never the homepage', () => {
    expect(keys(closeLeft(tabs, '/c', HOME))).toEqual([HOME, '/c', '/d']);
    expect(keys(closeRight(tabs, '/b', HOME))).toEqual([HOME, '/a', '/b']);
    expect(keys(closeOthers(tabs, '/b', HOME))).toEqual([HOME, '/b']);
    expect(keys(closeOthers(tabs, HOME, HOME))).toEqual([HOME]);
  });

  it('keeps the active tab when it survives, else shows the clicked one', () => {
    const next = closeOthers(tabs, '/b', HOME);
    expect(activeAfterBulkClose(next, '/b', '/d')).toBe('/b');
    expect(activeAfterBulkClose(next, '/b', HOME)).toBe(HOME);
  });
});
