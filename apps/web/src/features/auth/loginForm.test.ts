import { describe, expect, it } from 'vitest';
import type { LoginResult } from '@ztj/contracts';
import { loginFailure, serverLoginErrors, validateLogin } from './loginForm';
import { departmentsToChoose, needsTenantChoice } from './loginSteps';

describe('login form', () => {
  it('requires account and password, and the captcha only when shown', () => {
    expect(Object.keys(validateLogin({ username: '', password: ' ', captcha: '' }, false))).toEqual([
      'username',
      'password',
    ]);
    expect(Object.keys(validateLogin({ username: 'a', password: 'b', captcha: '' }, true))).toEqual(['captcha']);
    expect(validateLogin({ username: 'a', password: 'b', captcha: '' }, false)).toEqual({});
  });

  it('keeps the server field errors of login fields', () => {
    expect(
      serverLoginErrors([
        { field: 'username', message: '必填' },
        { field: 'other', message: 'x' },
      ]),
    ).toEqual({ username: { text: '必填' } });
  });

  it('shows the captcha when the server asks for it, and says why above the form', () => {
    // the failure that reaches the threshold: wrong password, and the captcha from now on
    const now = loginFailure(
      {
        code: 500,
        message: 'Wrong user name or password',
        errors: [{ field: 'captcha', message: 'Please enter the verification code' }],
      },
      'Login failed',
    );
    expect(now).toEqual({
      errors: { captcha: { text: 'Please enter the verification code' } },
      alert: 'Wrong user name or password',
      captchaRequired: true,
    });
    // an attempt without the captcha once required: the field says it, no repeated alert
    const asked = loginFailure(
      { code: 500, message: '请输入验证码', errors: [{ field: 'captcha', message: '请输入验证码' }] },
      '登录失败',
    );
    expect(asked).toEqual({ errors: { captcha: { text: '请输入验证码' } }, alert: null, captchaRequired: true });
  });

  it('shows the 429 answer and plain refusals above the form, without a captcha', () => {
    expect(
      loginFailure({ code: 429, message: 'Too many requests, try again in 4 seconds', errors: [] }, 'Login failed'),
    ).toEqual({
      errors: {},
      alert: 'Too many requests, try again in 4 seconds',
      captchaRequired: false,
    });
    expect(
      loginFailure(
        { code: 400, message: 'Request validation failed', errors: [{ field: 'username', message: 'Required' }] },
        'x',
      ).alert,
    ).toBeNull();
    expect(loginFailure(null, '登录失败')).toEqual({ errors: {}, alert: '登录失败', captchaRequired: false });
  });
});

function result(over: Partial<LoginResult>): LoginResult {
  return {
    token: 't',
    userInfo: {
      id: '1',
      username: 'admin',
      realname: 'A',
      avatar: null,
      orgCode: null,
      orgCodeTxt: null,
      sex: null,
      email: null,
      phone: null,
      status: 1,
      userIdentity: 1,
      loginTenantId: 1,
    },
    sysAllDictItems: {},
    departs: [],
    multi_depart: 1,
    tenantList: [],
    ...over,
  };
}

describe('steps after sign-in', () => {
  const tenant = (id: number) => ({ id, name: `T${id}`, status: 1, beginDate: null, endDate: null });
  const depart = (orgCode: string) => ({ id: orgCode, departName: orgCode, orgCode });

  it('asks for a tenant only with several tenants and no valid stored choice', () => {
    expect(needsTenantChoice(result({ tenantList: [tenant(1), tenant(2)] }), false)).toBe(true);
    expect(needsTenantChoice(result({ tenantList: [tenant(1), tenant(2)] }), true)).toBe(false);
    expect(needsTenantChoice(result({ tenantList: [tenant(1)] }), false)).toBe(false);
  });

  it('asks for a department with several departments and none chosen', async () => {
    const several = result({ multi_depart: 2, departs: [depart('A01'), depart('A02')] });
    expect(await departmentsToChoose(several, false)).toHaveLength(2);
    const chosen = result({ multi_depart: 2, departs: [depart('A01'), depart('A02')] });
    chosen.userInfo.orgCode = 'A01';
    expect(await departmentsToChoose(chosen, false)).toBeNull();
    expect(await departmentsToChoose(result({ multi_depart: 1, departs: [depart('A01')] }), false)).toBeNull();
  });
});
