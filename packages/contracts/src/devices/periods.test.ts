import { describe, expect, it } from 'vitest';
import { DEVICE_VALIDATION_MESSAGES, deviceUpdateBodySchema, validateDevicePeriods } from './periods';

describe('validateDevicePeriods (SPEC §5)', () => {
  it('accepts values at both limits', () => {
    expect(validateDevicePeriods('CC22-G-4000D', { workCollectionCycle: 1, workReportCycle: 1440 })).toEqual([]);
    expect(validateDevicePeriods('CC22-G-4000D', { workCollectionCycle: 60, emergencyCollectionCycle: 1440 })).toEqual(
      [],
    );
  });

  it('rejects values outside the range with min/max params', () => {
    expect(validateDevicePeriods('CC22-G-4000D', { workCollectionCycle: 61, workReportCycle: 4 })).toEqual([
      { field: 'workCollectionCycle', message: 'validation.periodRange', params: { min: 1, max: 60 } },
      { field: 'workReportCycle', message: 'validation.periodRange', params: { min: 5, max: 1440 } },
    ]);
    expect(validateDevicePeriods('P3A-3AY2', { emergencyReportTime: 61 })[0]?.params).toEqual({ min: 5, max: 60 });
  });

  it('rejects fractions, fields that do not apply and the medical collection cycle', () => {
    expect(validateDevicePeriods('P23-2IN1', { workReportCycle: 2.5 })).toEqual([
      { field: 'workReportCycle', message: 'validation.periodInteger' },
    ]);
    expect(validateDevicePeriods('ZGHG22-G-4000D', { workCollectionCycle: 10 })).toEqual([
      { field: 'workCollectionCycle', message: 'validation.periodNotApplicable' },
    ]);
    expect(validateDevicePeriods('MED-G-3000D', { workCollectionCycle: 10, workReportCycle: 30 })).toEqual([
      { field: 'workCollectionCycle', message: 'validation.periodNotEditable' },
    ]);
    expect(
      validateDevicePeriods('G24-L4Y2', { restReportCycle: 10, hardShutdown: true, remoteShutdown: true }),
    ).toEqual([
      { field: 'restReportCycle', message: 'validation.periodNotApplicable' },
      { field: 'hardShutdown', message: 'validation.periodNotApplicable' },
    ]);
    expect(validateDevicePeriods('XX', {})).toEqual([{ field: 'model', message: 'validation.unknownModel' }]);
  });

  it('ignores unset values and unrelated keys', () => {
    expect(
      validateDevicePeriods('P3A-1IY1', { id: 'x', alias: 'y', workReportCycle: undefined, workCollectionCycle: null }),
    ).toEqual([]);
  });

  it('raises report periods of international devices to 120 minutes', () => {
    expect(validateDevicePeriods('P3A-1IY1', { workReportCycle: 60 }, { international: true })).toEqual([
      { field: 'workReportCycle', message: 'validation.periodInternational', params: { min: 120 } },
    ]);
    expect(
      validateDevicePeriods('P3A-1IY1', { workReportCycle: 120, workCollectionCycle: 5 }, { international: true }),
    ).toEqual([]);
  });

  it('has a text in both languages for every key', () => {
    for (const t of Object.values(DEVICE_VALIDATION_MESSAGES)) expect(t['zh-CN'] && t['en-US']).toBeTruthy();
  });
});

describe('deviceUpdateBodySchema', () => {
  it('parses a valid body and reports field errors with the same keys', () => {
    const schema = deviceUpdateBodySchema('CC22-G-3500D');
    expect(schema.parse({ id: 'D1', alias: 'Reefer 7', workReportCycle: 30, remoteShutdown: false })).toEqual({
      id: 'D1',
      alias: 'Reefer 7',
      workReportCycle: 30,
      remoteShutdown: false,
    });
    const bad = schema.safeParse({ id: 'D1', workCollectionCycle: 0, restReportCycle: 10 });
    expect(bad.success).toBe(false);
    const issues = bad.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [];
    expect(issues).toEqual([
      { path: 'restReportCycle', message: 'validation.periodNotApplicable' },
      { path: 'workCollectionCycle', message: 'validation.periodRange' },
    ]);
  });

  it('rejects wrong wire types and a missing id', () => {
    const schema = deviceUpdateBodySchema('P3A-1IY1');
    expect(schema.safeParse({ id: 'D1', workReportCycle: '30' }).success).toBe(false);
    expect(schema.safeParse({ workReportCycle: 30 }).success).toBe(false);
  });
});
