import type { TFunction } from 'i18next';
import {
  SceneAddSchema,
  validateDevicePeriods,
  type RouteBody,
  type SceneRecord,
  type SceneRoutes,
} from '@ztj/contracts';
import { periodErrorText } from '../../devices/periodForm';
import {
  conditionToContract,
  conditionToForm,
  newCondition,
  reminderToContract,
  reminderToForm,
  type ConditionForm,
  type ReminderForm,
} from '../conditionModel';
import { issuesToFields, type FieldEntry } from '../../../platform/forms/formIssues';

/** Body of scene add. */
export type SceneBody = RouteBody<typeof SceneRoutes.add>;

/** Values of the scene wizard (contract shape; devices comma-joined; optional actions with switches). */
export interface SceneFormValues {
  name: string;
  description: string;
  enabled: boolean;
  /** Comma-joined device ids (picker field). */
  deviceIds: string;
  rule: { severity: 'L' | 'M' | 'H'; delayMinutes: number | null; conditions: ConditionForm[]; reminder: ReminderForm };
  actions: {
    raise: boolean;
    pushOn: boolean;
    push: { users: boolean; notify: { groupIds: string[]; escalateGroupIds: string[]; robots: boolean } };
    commandOn: boolean;
    command: { periods: Record<string, number | null> };
  };
}

/**
 * Wizard step of a form field: 0 devices (and name), 1 conditions, 2 actions (severity, delay and
 * reminder are edited with the raise action).
 */
export function stepOf(name: readonly (string | number)[]): 0 | 1 | 2 {
  if (name[0] === 'rule') return name[1] === 'conditions' ? 1 : 2;
  if (name[0] === 'actions') return 2;
  return 0;
}

/** A new scene: enabled, important, one temperature threshold, raise an alarm and push to the users. */
export function emptySceneForm(suggestion?: { low: number | null; high: number | null }): SceneFormValues {
  return {
    name: '',
    description: '',
    enabled: true,
    deviceIds: '',
    rule: {
      severity: 'M',
      delayMinutes: 0,
      conditions: [newCondition('threshold', suggestion)],
      reminder: reminderToForm(null),
    },
    actions: {
      raise: true,
      pushOn: true,
      push: { users: true, notify: { groupIds: [], escalateGroupIds: [], robots: false } },
      commandOn: false,
      command: { periods: {} },
    },
  };
}

/** Wizard values of a stored scene. */
export function sceneToForm(s: SceneRecord): SceneFormValues {
  const empty = emptySceneForm();
  return {
    name: s.name,
    description: s.description,
    enabled: s.enabled,
    deviceIds: s.devices.map((d) => d.id).join(','),
    rule: {
      severity: s.rule.severity,
      delayMinutes: s.rule.delayMinutes,
      conditions: s.rule.conditions.map(conditionToForm),
      reminder: reminderToForm(s.rule.reminder),
    },
    actions: {
      raise: s.actions.raise,
      pushOn: s.actions.push !== null,
      push: s.actions.push ? { users: s.actions.push.users, notify: { ...s.actions.push.notify } } : empty.actions.push,
      commandOn: s.actions.command !== null,
      command: { periods: { ...(s.actions.command?.periods ?? {}) } as Record<string, number | null> },
    },
  };
}

/** The request body of the wizard's values (not validated). */
export function sceneFormToBody(v: SceneFormValues): SceneBody {
  const periods = Object.fromEntries(
    Object.entries(v.actions?.command?.periods ?? {}).filter(([, x]) => x !== null && x !== undefined),
  );
  return {
    name: v.name ?? '',
    description: v.description ?? '',
    enabled: v.enabled,
    deviceIds: (v.deviceIds ?? '').split(',').filter(Boolean),
    rule: {
      severity: v.rule.severity,
      delayMinutes: v.rule.delayMinutes ?? undefined,
      conditions: (v.rule.conditions ?? []).map(conditionToContract),
      reminder: reminderToContract(v.rule.reminder),
    },
    actions: {
      raise: v.actions.raise,
      push: v.actions.pushOn ? { users: v.actions.push.users, notify: v.actions.push.notify } : null,
      command: v.actions.commandOn ? { type: 'setPeriods', periods } : null,
    },
  } as SceneBody;
}

/**
 * The wizard's values checked with SceneAddSchema plus the period limits of every selected
 * device's model (SPEC §5; `models`: distinct models of the devices). Errors carry their step.
 */
export function validateScene(
  v: SceneFormValues,
  models: readonly string[],
  t: TFunction,
): { body: SceneBody; errors: FieldEntry[] } {
  const body = sceneFormToBody(v);
  const parsed = SceneAddSchema.safeParse(body);
  const errors = parsed.success ? [] : issuesToFields(parsed.error.issues, t);
  if (body.actions.command) {
    const seen = new Set(errors.map((e) => e.name.join('.')));
    for (const model of models) {
      for (const e of validateDevicePeriods(model, body.actions.command.periods)) {
        const name = ['actions', 'command', 'periods', e.field];
        if (seen.has(name.join('.'))) continue;
        seen.add(name.join('.'));
        errors.push({ name, errors: [periodErrorText(e, t)] });
      }
    }
  }
  return { body, errors };
}
