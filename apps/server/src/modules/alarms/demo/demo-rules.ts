import type { RuleTemplateInput, SceneAdd } from '@ztj/contracts';

/**
 * The demo tenant's alarm rules: chosen from the REAL replayed series of the
 * simulator's default fleet (apps/simulator/src/fleet.ts) so that, at the default DEMO_SPEED 60
 * (one recorded hour per wall minute; rule minutes are device-time minutes = wall minutes), real
 * alarms are raised within the first minutes of `npm start` without any fake reading. Raise times
 * below are seconds after the simulator starts at speed 60, measured on a running server (embedded
 * database and broker) and equal to the pure replay of `demo-rules.test.ts`:
 * - {@link FROZEN_CARGO}: Shenyang January outdoor temperature as the cargo-space reading of the
 *   vehicles SIM-VH-001..003 (via the device group {@link DEMO_VEHICLE_GROUP}); above −15 °C for
 *   2 minutes: VH-001 (1 January: −13 °C at the start) at ≈120 s, clears at ≈300 s (−16 °C) and
 *   is raised again at ≈720 s; VH-002 and VH-003 (11 and 21 January, −12…−3 °C) at ≈120 s.
 * - {@link VEHICLE_BATTERY}: the Twizy tracks' real state of charge (P005) falls to 15.0 % (VH-001)
 *   and 13.3 % (VH-003) at the end of each trip: ≤ 20 % raises at ≈36 s (VH-003) and ≈98 s
 *   (VH-001); the clear delay (2 min above 25 %) is longer than a replayed trip restart, so the
 *   looped track does not make it flap.
 * - {@link COOL_STORE}: office series of the warehouse sensors above 20 °C (the GSP cool-store
 *   limit) for 3 minutes: WH-001 and WH-002 at ≈180 s, WH-002 clears at ≈850 s and WH-002/003
 *   are raised again at ≈1100 s when the office warms up in the morning.
 * - {@link TAG_EXCURSION}: the labelled excursions of TelosB motes 1 and 4 (SIM-TAG-001/004):
 *   above 35 °C and above 60 %RH (unlabelled rows never exceed 34.62 °C / 59.89 %RH) at ≈196 s,
 *   again every loop of the mote series (≈6.1 min mote 1, ≈7 min mote 4).
 * - scene {@link WAREHOUSE_SCENE}: warehouse above 22 °C for 1 minute → alarm, push to the duty
 *   group and a period command (1-minute collection and report, within the P23-2IN1 limits):
 *   WH-001 at ≈60 s, WH-001 again ≈990 s, WH-002 ≈1075 s.
 * No door, tilt, free-fall, CO2 or offline readings exist in the replayed data, so no such rule
 * is seeded.
 */

/** Device group of the demo vehicles the frozen-cargo template is bound to. */
export const DEMO_VEHICLE_GROUP = '冷链车队';
/** The demo's vehicles (simulator ids). */
export const DEMO_VEHICLES = ['SIM-VH-001', 'SIM-VH-002', 'SIM-VH-003'] as const;
/** The demo's warehouse sensors. */
export const DEMO_WAREHOUSE = ['SIM-WH-001', 'SIM-WH-002', 'SIM-WH-003'] as const;
/** The motes relayed by SIM-GW-001. */
export const DEMO_TAGS = ['SIM-TAG-001', 'SIM-TAG-002', 'SIM-TAG-003', 'SIM-TAG-004'] as const;

/** The recipient group with the administrator (push mode 4 = e-mail). */
export const DUTY_GROUP = { name: '值班组 On-duty team', description: '演示值班人员 / Demo on-duty staff' };

/** A demo template: the template (notify filled by the seed) and its binding targets. */
export interface DemoTemplate {
  template: RuleTemplateInput;
  devices: readonly string[];
  /** Device group names. */
  groups: readonly string[];
  /** Notify the duty group. */
  notifyDuty: boolean;
}

export const FROZEN_CARGO: DemoTemplate = {
  template: {
    name: '冷冻车厢超温 Frozen cargo warm',
    category: 'environment',
    severity: 'H',
    conditions: [
      {
        type: 'duration',
        minutes: 2,
        condition: {
          type: 'threshold',
          param: 'P003',
          comparison: 0,
          value: -15,
          hysteresis: { margin: 1, clearDelayMinutes: 0 },
        },
      },
    ],
    reminder: { everyMinutes: 30 },
  },
  devices: [],
  groups: [DEMO_VEHICLE_GROUP],
  notifyDuty: true,
};

export const VEHICLE_BATTERY: DemoTemplate = {
  template: {
    name: '车载电量低 Vehicle battery low',
    category: 'environment',
    severity: 'L',
    conditions: [{ type: 'lowBattery', percent: 20, hysteresis: { margin: 5, clearDelayMinutes: 2 } }],
  },
  devices: DEMO_VEHICLES,
  groups: [],
  notifyDuty: false,
};

export const COOL_STORE: DemoTemplate = {
  template: {
    name: '阴凉库超温 Cool store over 20°C',
    category: 'environment',
    severity: 'M',
    conditions: [
      {
        type: 'duration',
        minutes: 3,
        condition: {
          type: 'threshold',
          param: 'P003',
          comparison: 0,
          value: 20,
          hysteresis: { margin: 0.3, clearDelayMinutes: 1 },
        },
      },
    ],
  },
  devices: DEMO_WAREHOUSE,
  groups: [],
  notifyDuty: true,
};

export const TAG_EXCURSION: DemoTemplate = {
  template: {
    name: '标签温湿度异常 Tag T&RH excursion',
    category: 'environment',
    severity: 'H',
    conditions: [
      { type: 'threshold', param: 'P003', comparison: 0, value: 35, hysteresis: { margin: 2, clearDelayMinutes: 1 } },
      { type: 'threshold', param: 'P004', comparison: 0, value: 60, hysteresis: { margin: 5, clearDelayMinutes: 1 } },
    ],
  },
  devices: DEMO_TAGS,
  groups: [],
  notifyDuty: true,
};

/** Every demo template, in creation order. */
export const DEMO_TEMPLATES: readonly DemoTemplate[] = [FROZEN_CARGO, VEHICLE_BATTERY, COOL_STORE, TAG_EXCURSION];

/** The demo scene (push group ids filled by the seed). */
export const WAREHOUSE_SCENE: SceneAdd = {
  name: '仓库升温联动 Warehouse warming',
  description:
    '仓库温度高于22°C持续1分钟：告警、通知值班组并加密采集 / Above 22 °C for 1 min: alarm, push, faster sampling',
  deviceIds: [...DEMO_WAREHOUSE],
  rule: {
    severity: 'M',
    conditions: [
      {
        type: 'duration',
        minutes: 1,
        condition: {
          type: 'threshold',
          param: 'P003',
          comparison: 0,
          value: 22,
          hysteresis: { margin: 0.3, clearDelayMinutes: 1 },
        },
      },
    ],
  },
  actions: {
    raise: true,
    push: { users: true, notify: { groupIds: [], escalateGroupIds: [], robots: false } },
    command: { type: 'setPeriods', periods: { workCollectionCycle: 1, workReportCycle: 1 } },
  },
};
