import { describe, expect, it } from 'vitest';
import { deviceSettingsFor, DEVICE_MODELS } from '@ztj/contracts';
import { testT } from '../testI18n';
import { sharedPeriods } from './ScenePeriodFields';
import { actionsSummary } from './sceneText';

const terminals = DEVICE_MODELS.filter((m) => m.kind === 'terminal').map((m) => m.code);

describe('scene command periods over several models (SPEC §5 limits)', () => {
  it('offers nothing without a device, and nothing for a gateway', () => {
    expect(sharedPeriods([])).toEqual([]);
    expect(sharedPeriods(['CC-L-4000D'])).toEqual([]);
  });

  it('offers the editable periods of one model with its limits, and only common ones within all limits for several', () => {
    const one = sharedPeriods([terminals[0]]);
    expect(one.length).toBeGreaterThan(0);
    const limits = deviceSettingsFor(terminals[0])?.periods ?? {};
    for (const p of one) expect(limits[p.field]).toMatchObject({ editable: true, min: p.min, max: p.max });
    const all = sharedPeriods(terminals);
    for (const p of all) {
      for (const model of terminals) {
        const l = deviceSettingsFor(model)?.periods[p.field];
        expect(l?.editable && l.min <= p.min && p.max <= l.max, `${model} ${p.field}`).toBe(true);
      }
    }
  });
});

describe('scene actions in words', () => {
  it('lists raise, push recipients and the command', async () => {
    const t = await testT('en-US');
    expect(
      actionsSummary(
        {
          raise: true,
          push: { users: true, notify: { groupIds: ['a', 'b'], escalateGroupIds: [], robots: true } },
          command: { type: 'setPeriods', periods: { workReportCycle: 5 } },
        },
        t,
      ),
    ).toBe('Raise alarm · Push (users, groups: 2, robots) · Command (1 periods)');
    expect(
      actionsSummary(
        {
          raise: false,
          push: { users: false, notify: { groupIds: [], escalateGroupIds: [], robots: false } },
          command: null,
        },
        t,
      ),
    ).toBe('Push');
  });
});
