import {
  RuleTemplateAddSchema,
  type RouteBody,
  type AlarmSettingsRoutes,
  type RuleTemplateRecord,
} from '@ztj/contracts';
import type { TFunction } from 'i18next';
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

/** Values of the rule template editor (contract shape; reminder with its on/off switch). */
export interface TemplateFormValues {
  name: string;
  category: 'environment' | 'motion';
  severity: 'L' | 'M' | 'H';
  enabled: boolean;
  delayMinutes: number | null;
  conditions: ConditionForm[];
  reminder: ReminderForm;
  notify: { groupIds: string[]; escalateGroupIds: string[]; robots: boolean };
}

/** Body of template add (the update adds the id). */
export type TemplateBody = RouteBody<typeof AlarmSettingsRoutes.templateAdd>;

/** A new template: environment, important, no delay, one threshold on temperature, no reminder. */
export function emptyTemplateForm(suggestion?: { low: number | null; high: number | null }): TemplateFormValues {
  return {
    name: '',
    category: 'environment',
    severity: 'M',
    enabled: true,
    delayMinutes: 0,
    conditions: [newCondition('threshold', suggestion)],
    reminder: reminderToForm(null),
    notify: { groupIds: [], escalateGroupIds: [], robots: false },
  };
}

/** Editor values of a stored template. */
export function templateToForm(record: RuleTemplateRecord): TemplateFormValues {
  const c = record.content;
  return {
    name: record.name,
    category: record.category,
    severity: record.severity,
    enabled: record.enabled,
    delayMinutes: c.delayMinutes,
    conditions: c.conditions.map(conditionToForm),
    reminder: reminderToForm(c.reminder),
    notify: {
      groupIds: [...c.notify.groupIds],
      escalateGroupIds: [...c.notify.escalateGroupIds],
      robots: c.notify.robots,
    },
  };
}

/** The request body of the editor's values (not validated: see {@link validateTemplate}). */
export function templateFormToBody(values: TemplateFormValues): TemplateBody {
  return {
    name: values.name ?? '',
    category: values.category,
    severity: values.severity,
    enabled: values.enabled,
    delayMinutes: values.delayMinutes ?? undefined,
    conditions: (values.conditions ?? []).map(conditionToContract),
    reminder: reminderToContract(values.reminder),
    notify: values.notify,
  } as TemplateBody;
}

/**
 * The body checked with the contract's RuleTemplateAddSchema (the server's check): the body when
 * valid, else the field entries to show (`conditions.0.valueMax` → that input).
 */
export function validateTemplate(
  values: TemplateFormValues,
  t: TFunction,
): { body: TemplateBody } | { errors: FieldEntry[] } {
  const body = templateFormToBody(values);
  const parsed = RuleTemplateAddSchema.safeParse(body);
  if (parsed.success) return { body };
  return { errors: issuesToFields(parsed.error.issues, t) };
}
