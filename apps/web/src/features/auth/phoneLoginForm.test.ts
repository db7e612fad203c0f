import { describe, expect, it } from 'vitest';
import { mobileError, secondsToResend, validatePhoneLogin } from './phoneLoginForm';

describe('phone sign-in form', () => {
  it('asks for a mobile number of SPEC §5 and a 6-digit code', () => {
    expect(validatePhoneLogin({ mobile: '', code: '' })).toEqual({
      mobile: { key: 'login.required', params: { field: 'login.mobile' } },
      code: { key: 'login.required', params: { field: 'login.smsCode' } },
    });
    expect(validatePhoneLogin({ mobile: '12345678901', code: '12a456' })).toEqual({
      mobile: { key: 'common:validation.mobile' },
      code: { key: 'common:validation.smsCode' },
    });
    expect(mobileError('16800000000')).toEqual({ key: 'common:validation.mobile' }); // second digit 6: forms refuse it
    expect(validatePhoneLogin({ mobile: ' 13800000001 ', code: '012345' })).toEqual({});
  });

  it('counts the 60 s down to the next code', () => {
    expect(secondsToResend(null, 5_000)).toBe(0);
    expect(secondsToResend(1_000, 1_000)).toBe(60);
    expect(secondsToResend(1_000, 1_001)).toBe(60);
    expect(secondsToResend(1_000, 2_000)).toBe(59);
    expect(secondsToResend(1_000, 60_999)).toBe(1);
    expect(secondsToResend(1_000, 61_000)).toBe(0);
  });
});
