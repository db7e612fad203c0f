import { describe, expect, it } from 'vitest';
import { casTicket, ssoIntent, withoutSsoFields } from './ssoQuery';

describe('login page SSO query', () => {
  it('reads a login-free link, a third-party hand-over and an error', () => {
    expect(ssoIntent('?at=a&guid=g&uid=u&redirect=/yakult/index')).toEqual({
      kind: 'loginFree',
      at: 'a',
      guid: 'g',
      uid: 'u',
    });
    expect(ssoIntent('?thirdToken=t&thirdType=2')).toEqual({ kind: 'third', token: 't', thirdType: 2 });
    expect(ssoIntent('?thirdToken=t&thirdType=9')).toEqual({ kind: 'none' });
    expect(ssoIntent('?thirdError=1')).toEqual({ kind: 'thirdError' });
    expect(ssoIntent('?at=a&guid=g')).toEqual({ kind: 'none' });
  });

  it('drops the SSO fields and keeps the redirect', () => {
    expect(withoutSsoFields('?at=a&guid=g&uid=u&redirect=%2Fyakult%2Findex')).toBe('?redirect=%2Fyakult%2Findex');
    expect(withoutSsoFields('?thirdError=1')).toBe('');
  });

  it('finds a CAS ticket and its service URL', () => {
    expect(casTicket({ search: '?ticket=ST-1-abc', origin: 'https://iot.example.com', pathname: '/' })).toEqual({
      ticket: 'ST-1-abc',
      service: 'https://iot.example.com/',
    });
    expect(casTicket({ search: '?ticket=PT-1', origin: 'https://x', pathname: '/' })).toBeNull();
  });
});
