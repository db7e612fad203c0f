import { describe, expect, it } from 'vitest';
import { MeterConfigBodySchema, tariffErrors, type TariffPeriod } from './api';

const t = (name: TariffPeriod['name'], start: string, end: string, price = 1): TariffPeriod => ({
  name,
  start,
  end,
  price,
});
const SHANGHAI = [
  t('valley', '22:00', '06:00', 0.3),
  t('flat', '06:00', '08:00', 0.7),
  t('peak', '08:00', '11:00', 1.1),
  t('flat', '11:00', '18:00', 0.7),
  t('peak', '18:00', '21:00', 1.1),
  t('flat', '21:00', '22:00', 0.7),
];

describe('tariff periods', () => {
  it.each([
    ['no tariff', [], []],
    ['one period all day', [t('flat', '00:00', '24:00')], []],
    ['one period all day wrapping', [t('flat', '08:00', '08:00')], []],
    ['Shanghai peak/flat/valley with a midnight wrap', SHANGHAI, []],
    [
      'overlap',
      [t('flat', '00:00', '12:00'), t('peak', '11:00', '24:00')],
      [{ path: [1, 'start'], message: 'validation.tariffOverlap' }],
    ],
    [
      'gap',
      [t('flat', '00:00', '12:00'), t('peak', '13:00', '24:00')],
      [{ path: [1, 'end'], message: 'validation.tariffGap' }],
    ],
    [
      'empty period among others',
      [t('flat', '00:00', '24:00'), t('peak', '10:00', '10:00')],
      [{ path: [1, 'end'], message: 'validation.tariffEmpty' }],
    ],
  ] as const)('%s', (_, periods, errors) => {
    expect(tariffErrors(periods as readonly TariffPeriod[])).toEqual(errors);
  });

  it('gives field errors with paths in the config body', () => {
    const r = MeterConfigBodySchema.safeParse({
      id: 'SIM-AM1-001',
      ctRatio: 0,
      tariffs: [t('flat', '00:00', '25:00'), t('peak', '10:00', '24:00')],
      limits: { minVoltageV: 240, maxVoltageV: 200, maxPowerKW: null },
    });
    expect(r.success).toBe(false);
    const issues = r.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['ctRatio', 'validation.ratioRange'],
        ['tariffs.0.end', 'validation.timeOfDay'],
        ['limits.maxVoltageV', 'validation.voltageMinMax'],
      ]),
    );
    const ok = MeterConfigBodySchema.parse({ id: 'SIM-AM1-001', tariffs: SHANGHAI });
    expect(ok).toMatchObject({ ctRatio: 1, ptRatio: 1, counterMax: 99_999.99, limits: { maxPowerKW: null } });
  });
});
