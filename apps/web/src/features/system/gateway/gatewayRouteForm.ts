import type { TFunction } from 'i18next';
import {
  GatewayRouteCreateSchema,
  parseGatewayFactories,
  type GatewayRouteCreate,
  type GatewayRouteRecord,
} from '@ztj/contracts';
import { issuesToFields, type FieldEntry } from '../../../platform/forms/formIssues';
import type { ValidatorRule } from '../../../platform/forms/formRules';

/** The 0/1 flags of a route, edited as switches. */
export const GATEWAY_FLAGS = ['stripPrefix', 'retryable', 'persistable', 'showApi', 'status'] as const;
type Flag = (typeof GATEWAY_FLAGS)[number];

/** Values of the route form: texts as typed, flags as booleans. */
export type GatewayRouteFormValues = Pick<GatewayRouteCreate, 'routerId' | 'name' | 'uri' | 'predicates' | 'filters'> &
  Record<Flag, boolean>;

/** Starting values of the form: a new route (a `Path` predicate to fill in), or the record being edited. */
export function initialGatewayValues(record?: GatewayRouteRecord): GatewayRouteFormValues {
  if (!record) {
    return {
      routerId: '',
      name: '',
      uri: 'lb://',
      predicates: '[\n  {"name": "Path", "args": ["/api/**"]}\n]',
      filters: '[]',
      stripPrefix: false,
      retryable: false,
      persistable: false,
      showApi: true,
      status: true,
    };
  }
  const pretty = (text: string): string => {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      return text;
    }
  };
  const flags = Object.fromEntries(GATEWAY_FLAGS.map((f) => [f, record[f] === 1])) as Record<Flag, boolean>;
  return {
    routerId: record.routerId,
    name: record.name,
    uri: record.uri,
    predicates: pretty(record.predicates),
    filters: pretty(record.filters),
    ...flags,
  };
}

/**
 * An antd rule over a predicates/filters JSON text with the contract's own check
 * (`parseGatewayFactories`): not JSON, not a list of `{name, args}`, or (predicates) empty.
 */
export function factoriesRule(requireOne: boolean, t: TFunction): ValidatorRule {
  return {
    validator: async (_rule, value) => {
      const parsed = parseGatewayFactories(typeof value === 'string' ? value : '', requireOne);
      if (!Array.isArray(parsed)) throw new Error(t(`common:${parsed.error}`));
    },
  };
}

/** The body checked with the contract's `GatewayRouteCreateSchema` (SPEC §5 written once), or the field errors. */
export function validateGatewayRoute(
  values: GatewayRouteFormValues,
  t: TFunction,
): { body: GatewayRouteCreate } | { errors: FieldEntry[] } {
  const flags = Object.fromEntries(GATEWAY_FLAGS.map((f) => [f, values[f] ? 1 : 0]));
  const parsed = GatewayRouteCreateSchema.safeParse({ ...values, ...flags });
  return parsed.success ? { body: parsed.data } : { errors: issuesToFields(parsed.error.issues, t) };
}
