import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { RuleTemplateRecord } from '@ztj/contracts';
import { limitLines } from './tripLimits';
import { emptyWaybillForm, stepOf, validateWaybill } from './waybillForm';

const t = ((key: string) => key) as unknown as TFunction;

describe('waybill form (SPEC §5 through the contract)', () => {
  it('puts each error on its step: name and times 1, devices 2, route 3', () => {
    const { errors } = validateWaybill(
      { ...emptyWaybillForm(dayjs('2026-01-01T08:00:00Z')), plannedEnd: dayjs('2026-01-01T07:00:00Z') },
      t,
    );
    const byField = Object.fromEntries(
      errors.map((e) => [e.name.join('.'), { text: e.errors[0], step: stepOf(e.name) }]),
    );
    expect(byField).toEqual({
      name: { text: 'common:validation.required', step: 0 },
      plannedEnd: { text: 'common:validation.ruleEndNotAfterStart', step: 0 },
      deviceIds: { text: 'common:validation.sceneNoDevice', step: 1 },
      routeId: { text: 'common:validation.required', step: 2 },
    });
  });
  it('turns a filled form into the request body', () => {
    const { body, errors } = validateWaybill(
      {
        ...emptyWaybillForm(dayjs('2026-01-01T08:00:00Z')),
        name: 'Trip',
        deviceIds: 'A,B',
        routeId: 'r1',
        monitorUserIds: 'u1',
      },
      t,
    );
    expect(errors).toEqual([]);
    expect(body).toMatchObject({
      name: 'Trip',
      deviceIds: ['A', 'B'],
      routeId: 'r1',
      monitorUserIds: ['u1'],
      plannedStart: Date.parse('2026-01-01T09:00:00Z'),
    });
  });
});

describe('limitLines', () => {
  it('takes the thresholds of enabled templates for one parameter', () => {
    const tpl = (enabled: boolean, conditions: object[]) =>
      ({ enabled, content: { conditions } }) as unknown as RuleTemplateRecord;
    const templates = [
      tpl(true, [
        { type: 'threshold', param: 'P003', comparison: 0, value: 8 },
        { type: 'threshold', param: 'P004', comparison: 0, value: 90 },
      ]),
      tpl(true, [{ type: 'threshold', param: 'P003', comparison: 4, value: 2, valueMax: 8 }]),
      tpl(false, [{ type: 'threshold', param: 'P003', comparison: 1, value: -30 }]),
    ];
    expect(limitLines(templates, 'P003')).toEqual([2, 8]);
    expect(limitLines(templates, 'P004')).toEqual([90]);
  });
});
