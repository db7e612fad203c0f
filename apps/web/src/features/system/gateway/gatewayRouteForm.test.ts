import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { factoriesRule, initialGatewayValues, validateGatewayRoute } from './gatewayRouteForm';

const t = ((key: string) => key) as unknown as TFunction;

describe('gateway route form', () => {
  it('sends flags as 0/1 and the JSON texts as typed when the contract schema accepts them', () => {
    const values = {
      ...initialGatewayValues(),
      routerId: 'sys',
      name: 'System',
      uri: 'lb://jeecg-system',
      stripPrefix: true,
    };
    expect(validateGatewayRoute(values, t)).toEqual({
      body: expect.objectContaining({
        routerId: 'sys',
        uri: 'lb://jeecg-system',
        stripPrefix: 1,
        retryable: 0,
        showApi: 1,
        status: 1,
        filters: '[]',
      }),
    });
  });

  it('puts the contract messages on the fields that fail', () => {
    const values = {
      ...initialGatewayValues(),
      routerId: 'sys',
      name: 'System',
      uri: 'ftp://x',
      predicates: '[{"name":',
    };
    const checked = validateGatewayRoute(values, t);
    expect('errors' in checked && checked.errors.map((e) => [e.name.join('.'), e.errors[0]])).toEqual([
      ['uri', 'common:validation.gatewayUri'],
      ['predicates', 'common:validation.gatewayJson'],
    ]);
  });

  it('checks predicates as typed: not JSON, not a factory list, empty', async () => {
    const rule = factoriesRule(true, t);
    await expect(rule.validator(null, '{')).rejects.toThrow('common:validation.gatewayJson');
    await expect(rule.validator(null, '{"name":"Path"}')).rejects.toThrow('common:validation.gatewayFactories');
    await expect(rule.validator(null, '[]')).rejects.toThrow('common:validation.gatewayPredicateRequired');
    await expect(rule.validator(null, '[{"name":"Path","args":["/a/**"]}]')).resolves.toBeUndefined();
    await expect(factoriesRule(false, t).validator(null, '')).resolves.toBeUndefined();
  });

  it('shows a stored route with its JSON pretty-printed and flags as switches', () => {
    const v = initialGatewayValues({
      id: '1',
      routerId: 'a',
      name: 'A',
      uri: 'lb://a',
      predicates: '[{"name":"Path","args":["/a/**"]}]',
      filters: '[]',
      stripPrefix: 1,
      retryable: 0,
      persistable: 0,
      showApi: 1,
      status: 0,
      createBy: null,
      createTime: null,
      updateTime: null,
    });
    expect(v).toMatchObject({ stripPrefix: true, retryable: false, status: false, filters: '[]' });
    expect(v.predicates).toContain('\n');
  });
});
