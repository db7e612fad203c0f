import { describe, expect, it } from 'vitest';
import { newCondition } from './conditionModel';
import { dottedToPath, issuesToFields, serverErrorsToFields } from '../../platform/forms/formIssues';
import { validateGroup } from './groups/groupForm';
import { stepOf, emptySceneForm, validateScene } from './scenes/sceneForm';
import { emptyTemplateForm, validateTemplate } from './templates/templateForm';
import { testT } from './testI18n';

describe('zod issue → antd field mapping', () => {
  it('maps nested issue paths to name paths and translates validation keys', async () => {
    const t = await testT('en-US');
    const fields = issuesToFields(
      [
        { code: 'custom', path: ['conditions', 0, 'valueMax'], message: 'validation.ruleEndNotAfterStart' },
        { code: 'custom', path: ['conditions', 0, 'valueMax'], message: 'validation.required' },
        { code: 'invalid_type', path: ['delayMinutes'], message: 'Invalid input: expected number, received undefined' },
        { code: 'too_big', path: ['name'], message: 'something else' },
      ],
      t,
    );
    expect(fields).toEqual([
      { name: ['conditions', 0, 'valueMax'], errors: ['The end value must exceed the start value'] },
      { name: ['delayMinutes'], errors: [t('common:validation.required')] },
      { name: ['name'], errors: [t('common:validation.invalid')] },
    ]);
  });

  it('reads the server dotted field paths', async () => {
    const t = await testT('zh-CN');
    expect(dottedToPath('conditions.0.condition.value')).toEqual(['conditions', 0, 'condition', 'value']);
    expect(
      serverErrorsToFields(
        [
          { field: 'members.1.phone', message: 'validation.recipientNoContact' },
          { field: 'name', message: '名称已存在' },
        ],
        t,
      ),
    ).toEqual([
      { name: ['members', 1, 'phone'], errors: ['接收人至少需要手机号、邮箱或微信之一'] },
      { name: ['name'], errors: ['名称已存在'] },
    ]);
  });
});

describe('forms checked with the contract schemas', () => {
  it('template: a between with max ≤ min errors on its max input; a valid one passes', async () => {
    const t = await testT('en-US');
    const values = { ...emptyTemplateForm({ low: 2, high: 8 }), name: 'Cold chain' };
    values.conditions = [{ ...newCondition('threshold'), value: 8, comparison: 4, valueMax: 8 }];
    const bad = validateTemplate(values, t);
    expect('errors' in bad && bad.errors).toEqual([
      { name: ['conditions', 0, 'valueMax'], errors: ['The end value must exceed the start value'] },
    ]);
    values.conditions = [{ ...newCondition('threshold'), value: 2, comparison: 4, valueMax: 8 }];
    expect('body' in validateTemplate(values, t)).toBe(true);
  });

  it('template: no condition and a short name show on their fields', async () => {
    const t = await testT('en-US');
    const res = validateTemplate({ ...emptyTemplateForm(), name: 'x', conditions: [] }, t);
    expect('errors' in res && res.errors.map((e) => e.name.join('.'))).toEqual(['name', 'conditions']);
  });

  it('user group: a contact without phone, e-mail or openid errors on its phone', async () => {
    const t = await testT('en-US');
    const res = validateGroup(
      {
        name: 'Night shift',
        description: '',
        members: [{ userId: null, name: 'Li', phone: '', email: '', wechatOpenId: '', pushMode: 1 }],
      },
      t,
    );
    expect('errors' in res && res.errors).toEqual([
      {
        name: ['members', 0, 'phone'],
        errors: ['A recipient needs a phone number, an e-mail address or a WeChat account'],
      },
    ]);
    expect(
      'body' in
        validateGroup(
          {
            name: 'Night shift',
            description: '',
            members: [{ userId: null, name: 'Li', phone: '', email: 'li@example.com', wechatOpenId: '', pushMode: 4 }],
          },
          t,
        ),
    ).toBe(true);
  });

  it('scene: no device is a step-1 error, no action a step-3 error; periods checked against the model', async () => {
    const t = await testT('en-US');
    const v = { ...emptySceneForm({ low: 2, high: 8 }), name: 'Truck 1' };
    v.actions = { ...v.actions, raise: false, pushOn: false };
    const { errors } = validateScene(v, [], t);
    expect(errors.map((e) => [e.name.join('.'), stepOf(e.name)])).toEqual([
      ['deviceIds', 0],
      ['actions.raise', 2],
    ]);
    expect(errors[0].errors).toEqual(['Associate a device first']);
  });
});
