import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../../platform/i18n/i18n';
import { PERIOD_MESSAGE_KEYS, periodFieldsOf, periodRule, serverFieldErrors } from './periodForm';

beforeAll(async () => {
  const i18n = initI18n('zh-CN');
  await i18n.loadLanguages('en-US');
  await i18n.loadNamespaces('devices');
});

const tFor = (lng: 'zh-CN' | 'en-US') => i18next.getFixedT(lng, 'devices');

async function messageOf(rule: ReturnType<typeof periodRule>, value: unknown): Promise<string | null> {
  try {
    await rule.validator(undefined, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('period form', () => {
  it('offers only the period fields of the model', () => {
    expect(periodFieldsOf('CC22-G-4000D').map((f) => f.field)).toEqual([
      'workCollectionCycle',
      'workReportCycle',
      'emergencyCollectionCycle',
      'emergencyReportTime',
    ]);
    expect(periodFieldsOf('ZGHG3-G-4000D').map((f) => f.field)).toEqual(['restReportCycle', 'workReportCycle']);
    expect(periodFieldsOf('G24-L4Y1')).toEqual([]);
    expect(periodFieldsOf('MED-G-3000D')[0]).toEqual({ field: 'workCollectionCycle', limit: { editable: false } });
  });

  it('translates range errors with min and max in both languages', async () => {
    expect(
      await messageOf(
        periodRule('P3A-1IY1', 'workCollectionCycle', tFor('zh-CN'), () => false),
        800,
      ),
    ).toBe('取值范围为1到720分钟');
    expect(
      await messageOf(
        periodRule('P3A-1IY1', 'workCollectionCycle', tFor('en-US'), () => false),
        0,
      ),
    ).toBe('Must be between 1 and 720 minutes');
    expect(
      await messageOf(
        periodRule('P3A-1IY1', 'workCollectionCycle', tFor('en-US'), () => false),
        30,
      ),
    ).toBeNull();
    expect(
      await messageOf(
        periodRule('P3A-1IY1', 'workCollectionCycle', tFor('en-US'), () => false),
        undefined,
      ),
    ).toBeNull();
  });

  it('asks for whole minutes and applies the international minimum to report periods', async () => {
    expect(
      await messageOf(
        periodRule('CC22-G-4000D', 'workReportCycle', tFor('en-US'), () => false),
        12.5,
      ),
    ).toBe('Enter whole minutes');
    expect(
      await messageOf(
        periodRule('CC22-G-4000D', 'workReportCycle', tFor('en-US'), () => true),
        60,
      ),
    ).toBe('International report periods must be at least 120 minutes');
    expect(
      await messageOf(
        periodRule('CC22-G-4000D', 'workReportCycle', tFor('zh-CN'), () => true),
        60,
      ),
    ).toBe('国际上报周期不能少于120分钟');
    expect(
      await messageOf(
        periodRule('CC22-G-4000D', 'workCollectionCycle', tFor('en-US'), () => true),
        30,
      ),
    ).toBeNull();
  });

  it('maps the server field errors back onto the fields', () => {
    const fields = serverFieldErrors(
      [
        { field: 'emergencyReportTime', message: 'validation.periodRange' },
        { field: 'name', message: '名称已存在' },
      ],
      'P23-2IN1',
      tFor('en-US'),
    );
    expect(fields).toEqual([
      { name: 'emergencyReportTime', errors: ['Must be between 5 and 60 minutes'] },
      { name: 'name', errors: ['名称已存在'] },
    ]);
  });

  it('has a text for every period message of the contracts in both languages', () => {
    for (const key of Object.values(PERIOD_MESSAGE_KEYS)) {
      expect(i18next.exists(key, { ns: 'devices', lng: 'zh-CN' }), key).toBe(true);
      expect(i18next.exists(key, { ns: 'devices', lng: 'en-US' }), key).toBe(true);
    }
  });
});
