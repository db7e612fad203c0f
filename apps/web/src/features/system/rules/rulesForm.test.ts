import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  initialCheckRuleValues,
  initialFillRuleValues,
  previewNumber,
  validateCheckRule,
  validateFillRule,
} from './rulesForm';

const t = ((key: string) => key) as unknown as TFunction;

describe('rule forms', () => {
  it('previews a generated number with prefix, date part and padded sequence', () => {
    const at = new Date(2026, 2, 5, 10);
    expect(previewNumber({ prefix: 'WB', dateFormat: 'yyyyMMdd', digits: 3 }, at)).toBe('WB20260305001');
    expect(previewNumber({ prefix: 'CK', dateFormat: 'yyMMdd', digits: 4 }, at)).toBe('CK2603050001');
    expect(previewNumber({ prefix: '', dateFormat: 'none', digits: 2 }, at)).toBe('01');
  });

  it('checks a check rule with the contract: a pattern that does not compile is a field error of its row', () => {
    const values = {
      ...initialCheckRuleValues(),
      ruleCode: 'plate',
      ruleName: 'Plate',
      ruleJson: [
        { digits: '2', pattern: '[A-Z]{2}', message: 'Capitals' },
        { digits: '*', pattern: '(', message: 'Bad' },
      ],
    };
    const checked = validateCheckRule(values, t);
    expect('errors' in checked && checked.errors.map((e) => e.name)).toEqual([['ruleJson', 1, 'pattern']]);
    values.ruleJson[1]!.pattern = '.{7}';
    expect(validateCheckRule(values, t)).toEqual({ body: { ...values, ruleDescription: '' } });
  });

  it('nests the fill rule parameters into the body and reports their errors on the nested form fields', () => {
    const values = { ...initialFillRuleValues(), ruleCode: 'waybill_number', ruleName: 'Waybills' };
    expect(validateFillRule(values, t)).toEqual({
      body: {
        ruleCode: 'waybill_number',
        ruleName: 'Waybills',
        generator: 'waybillNumber',
        ruleParams: { prefix: 'WB', dateFormat: 'yyyyMMdd', digits: 3 },
      },
    });
    const bad = validateFillRule({ ...values, ruleParams: { ...values.ruleParams, prefix: 'W B' } }, t);
    expect('errors' in bad && bad.errors.map((e) => e.name)).toEqual([['ruleParams', 'prefix']]);
  });
});
