import { describe, expect, it } from 'vitest';
import { afterLoginPath, decideNavigation, WECHAT_LOGIN_URL, type GuardInput } from './navigationGuard';

const base: GuardInput = {
  pathname: '/dashboard/analysis',
  search: '',
  hasToken: false,
  userAgent: 'Mozilla/5.0 Chrome',
};
const decide = (over: Partial<GuardInput>) => decideNavigation({ ...base, ...over });

describe('decideNavigation (SPEC §2)', () => {
  it('lets anyone open public paths', () => {
    for (const pathname of [
      '/404',
      '/403',
      '/500',
      '/user/login',
      '/user/register',
      '/user/register-result',
      '/user/alteration',
      '/user/help',
      '/user/help4video',
      '/yakult/index',
    ]) {
      expect(decide({ pathname })).toEqual({ kind: 'render' });
    }
  });

  it('sends a signed-out visitor to login with the full path as redirect', () => {
    expect(decide({ pathname: '/device/detail/7', search: '?tab=log' })).toEqual({
      kind: 'redirect',
      to: '/user/login?redirect=%2Fdevice%2Fdetail%2F7%3Ftab%3Dlog',
    });
  });

  it('pushstate=wechatLogin goes to login even inside WeChat; WeChat otherwise goes to the provider', () => {
    const wechat = 'Mozilla/5.0 MicroMessenger/8.0';
    expect(decide({ search: '?pushstate=wechatLogin', userAgent: wechat }).kind).toBe('redirect');
    expect(decide({ userAgent: wechat })).toEqual({ kind: 'external', url: WECHAT_LOGIN_URL });
    expect(WECHAT_LOGIN_URL).toBe('/ztj-iot/sys/thirdLogin/render/wechat_enterprise');
  });

  it('sends a signed-in user away from the login page: home, or the redirect target', () => {
    expect(decide({ pathname: '/user/login', hasToken: true })).toEqual({
      kind: 'redirect',
      to: '/dashboard/analysis',
    });
    expect(decide({ pathname: '/user/login', search: '?redirect=%2Fsystem%2Fuser', hasToken: true })).toEqual({
      kind: 'redirect',
      to: '/system/user',
    });
  });

  it('lets the login page with at, guid and uid pass without the token check', () => {
    expect(decide({ pathname: '/user/login', search: '?at=1&guid=2&uid=3', hasToken: true })).toEqual({
      kind: 'render',
    });
  });

  it('renders private paths for a signed-in user (the router loads the menu)', () => {
    expect(decide({ hasToken: true })).toEqual({ kind: 'render' });
  });

  it('ignores redirect targets outside the console', () => {
    expect(afterLoginPath('?redirect=https%3A%2F%2Fevil.example')).toBe('/dashboard/analysis');
    expect(afterLoginPath('?redirect=%2Fuser%2Flogin')).toBe('/dashboard/analysis');
  });
});
