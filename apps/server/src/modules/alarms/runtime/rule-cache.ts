import { createHash } from 'node:crypto';
import {
  RuleTemplateSchema,
  SceneActionsSchema,
  type RuleCondition,
  type RuleNotify,
  type SceneActions,
} from '@ztj/contracts';
import type { Db } from '../../../platform/db/db';
import type { EngineRule } from '../engine';
import { placeIdsOf, type LoadRulePlaces } from './rule-places';

/**
 * The rule cache of the alarm runtime: device → the rules it carries, so the
 * ingest's hot path pays one map lookup per reading and devices without rules cost nothing.
 * Rules are rule templates bound to the device directly or through its group (`device.group_id`)
 * and scenes naming the device, enabled ones only, within the device's tenant.
 *
 * Freshness: every statement of this process's {@link Db} that writes `alarm_rule_*`,
 * `alarm_scene*`, `device_group` or a device's group / gateway / tenant marks the snapshot dirty
 * (Db.onWrite; reloaded once the write is visible), so a binding takes effect on the next reading.
 * Writes made outside this process (another server, manual SQL) are picked up by the TTL reload:
 * at most {@link RULE_CACHE_TTL_MS} late.
 *
 * Position conditions (geofence, dwell, route deviation): the fences and routes
 * they name are resolved at load time within the device's tenant (`rule-places.ts`) and handed to
 * the engine as `EngineRule.places`; writes to `logistics_location` / `logistics_route` reload.
 */

/** Fallback reload period of the rule snapshot, ms (bound on how stale rules written elsewhere may be). */
export const RULE_CACHE_TTL_MS = 60_000;

const EMPTY_NOTIFY: RuleNotify = { groupIds: [], escalateGroupIds: [], robots: false };

/** What the runtime needs to know about one rule of a device besides the engine's view of it. */
export interface RuleMeta {
  source: 'template' | 'scene';
  /** Template or scene id (alarm.rule_id). */
  plainId: string;
  name: string;
  notify: RuleNotify;
  /** Push to the tenant's alarm audience (templates: true; scenes: `actions.push.users`). */
  pushUsers: boolean;
  /** Store an alarm row (templates: true; scenes: `actions.raise`). */
  raise: boolean;
  /** Scene command sent to the device when raised. */
  command: SceneActions['command'];
  /** The rule's conditions by condition index, as the engine evaluates them (notices name the limit breached). */
  conditions?: readonly RuleCondition[];
}

/** A device that carries rules. */
export interface DeviceRules {
  deviceId: string;
  tenantId: number;
  deviceName: string;
  gatewayId: string | null;
  /** Engine rules: ids `template:<id>` / `scene:<id>`. */
  rules: EngineRule[];
  /** By engine rule id. */
  meta: Map<string, RuleMeta>;
  /** True when a rule has an `offline` condition (the clock must visit the device once it goes silent). */
  hasOffline: boolean;
  /** What the device's rules are, as text: differs between two snapshots when a rule of the device was added, removed or edited. */
  signature: string;
}

interface Row {
  dev_no: string;
  tenant_id: number;
  name: string;
  gateway_id: string | null;
  source: 'template' | 'scene';
  rule_id: string;
  rule_name: string;
  content: unknown;
  actions: unknown;
}

/**
 * Rules of every device, one statement (templates via device and group bindings, scenes).
 * Devices whose paid monitoring service has ended (`device_service.service_end` passed)
 * carry none: their readings are stored but not evaluated. The end is checked at load
 * time; a payment writes `device_service` (marks dirty) and an end passing is picked up by the
 * TTL reload, at most {@link RULE_CACHE_TTL_MS} late.
 */
const SNAPSHOT_SQL = `
SELECT * FROM (
SELECT d.dev_no, d.tenant_id, d.name, d.gateway_id, 'template' AS source, t.id AS rule_id, t.name AS rule_name, t.content, NULL::jsonb AS actions
  FROM alarm_rule_binding b
  JOIN alarm_rule_template t ON t.id = b.template_id AND t.enabled
  JOIN device d ON d.dev_no = b.target_id AND d.tenant_id = t.tenant_id
 WHERE b.target_type = 'device'
UNION
SELECT d.dev_no, d.tenant_id, d.name, d.gateway_id, 'template', t.id, t.name, t.content, NULL::jsonb
  FROM alarm_rule_binding b
  JOIN alarm_rule_template t ON t.id = b.template_id AND t.enabled
  JOIN device d ON d.group_id = b.target_id AND d.tenant_id = t.tenant_id
 WHERE b.target_type = 'group'
UNION ALL
SELECT d.dev_no, d.tenant_id, d.name, d.gateway_id, 'scene', s.id, s.name, s.rule, s.actions
  FROM alarm_scene s
  JOIN alarm_scene_device sd ON sd.scene_id = s.id
  JOIN device d ON d.dev_no = sd.device_id AND d.tenant_id = s.tenant_id
 WHERE s.enabled
) r
WHERE NOT EXISTS (SELECT 1 FROM device_service ds WHERE ds.dev_no = r.dev_no AND ds.service_end <= now())`;

/** True when `sql` may change which rules a device carries (see the module comment). */
export function affectsRules(sql: string): boolean {
  if (/alarm_rule_|alarm_scene/i.test(sql)) return true;
  if (/\bdevice_group\b/i.test(sql)) return true;
  if (/\bdevice_service\b/i.test(sql) && /^\s*(insert|update|delete)\b/i.test(sql)) return true;
  if (/\blogistics_(location|route)\b/i.test(sql) && /^\s*(insert|update|delete)\b/i.test(sql)) return true;
  return (
    /^\s*(insert\s+into|update|delete\s+from)\s+device\b/i.test(sql) &&
    /group_id|gateway_id|tenant_id|delete\s+from|insert\s+into|\bname\b/i.test(sql) &&
    !/last_ts\s*=/.test(sql)
  );
}

/** A short digest of a stored rule's content and actions (its version, for {@link DeviceRules.signature}). */
function contentVersion(r: Row): string {
  return createHash('sha1')
    .update(JSON.stringify([r.content, r.actions]))
    .digest('base64url')
    .slice(0, 12);
}

/** Parses one stored rule into the engine rule and its meta; null (reported) when it does not parse. */
function ruleOf(r: Row, onError: (e: Error) => void): { rule: EngineRule; meta: RuleMeta } | null {
  const content = (r.content ?? {}) as Record<string, unknown>;
  // the name of the stored object is not the engine's concern (alarm rows take rule_name)
  if (r.source === 'template') {
    const parsed = RuleTemplateSchema.safeParse({ category: 'environment', ...content, name: 'rule' });
    if (!parsed.success) {
      onError(new Error(`alarm rule template ${r.rule_id} does not parse: ${parsed.error.message.slice(0, 200)}`));
      return null;
    }
    return {
      rule: { id: `template:${r.rule_id}`, template: parsed.data },
      meta: {
        source: 'template',
        plainId: r.rule_id,
        name: r.rule_name,
        notify: parsed.data.notify,
        pushUsers: true,
        raise: true,
        command: null,
        conditions: parsed.data.conditions,
      },
    };
  }
  const actions = SceneActionsSchema.safeParse(r.actions ?? {});
  const notify = actions.success ? (actions.data.push?.notify ?? EMPTY_NOTIFY) : EMPTY_NOTIFY;
  const parsed = RuleTemplateSchema.safeParse({ category: 'environment', ...content, name: 'scene', notify });
  if (!parsed.success || !actions.success) {
    onError(
      new Error(`alarm scene ${r.rule_id} does not parse: ${(parsed.error ?? actions.error)?.message.slice(0, 200)}`),
    );
    return null;
  }
  const a = actions.data;
  return {
    rule: { id: `scene:${r.rule_id}`, template: parsed.data },
    meta: {
      source: 'scene',
      plainId: r.rule_id,
      name: r.rule_name,
      notify,
      pushUsers: a.push?.users ?? false,
      raise: a.raise,
      command: a.command,
      conditions: parsed.data.conditions,
    },
  };
}

/** See the module comment. `get` is synchronous and never touches the database. */
export class RuleCache {
  private snapshot: Map<string, DeviceRules> | undefined;
  /** Loads so far: a new number means a new snapshot (the runtime looks for devices that gained an offline condition). */
  generation = 0;
  private dirty = true;
  private loadedAt = 0;
  private loading: Promise<void> | undefined;
  private readonly unsubscribe: () => void;
  private readonly changeListeners = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly onError: (e: Error) => void,
    private readonly ttlMs = RULE_CACHE_TTL_MS,
    /** The places port (rule-places.ts); without it position conditions never hold. */
    private readonly loadPlaces?: LoadRulePlaces,
  ) {
    this.unsubscribe = db.onWrite((sql) => {
      if (affectsRules(sql)) this.markDirty();
    });
  }

  /**
   * True while the snapshot may be out of date: a relevant write happened, a reload is in flight
   * (it cleared the write mark when it started but has not replaced the snapshot yet), or the TTL ran out.
   */
  get stale(): boolean {
    return this.dirty || this.loading !== undefined || !this.snapshot || Date.now() - this.loadedAt >= this.ttlMs;
  }

  /** Rules of `deviceId` in the current snapshot; undefined when it carries none (or nothing is loaded yet). */
  get(deviceId: string): DeviceRules | undefined {
    return this.snapshot?.get(deviceId);
  }

  /** Every device that carries rules. */
  devices(): IterableIterator<DeviceRules> {
    return (this.snapshot ?? new Map<string, DeviceRules>()).values();
  }

  /** Called whenever the snapshot is marked dirty (the runtime schedules a reload). */
  onDirty(listener: () => void): void {
    this.changeListeners.add(listener);
  }

  private markDirty(): void {
    this.dirty = true;
    for (const l of this.changeListeners) l();
  }

  /** Loads the snapshot when stale; concurrent callers share one load. Rejects when the query fails. */
  async refresh(): Promise<void> {
    while (this.stale) {
      if (!this.loading) {
        this.dirty = false;
        this.loading = this.load().finally(() => (this.loading = undefined));
      }
      try {
        await this.loading;
      } catch (e) {
        this.dirty = true;
        throw e;
      }
    }
  }

  private async load(): Promise<void> {
    const rows = await this.db.query<Row>(SNAPSHOT_SQL);
    const next = new Map<string, DeviceRules>();
    // one parsed rule per template / scene, shared by every device bound to it (and its compiled watchers, engine evaluate.ts)
    const parsedRules = new Map<string, ReturnType<typeof ruleOf>>();
    const versions = new Map<string, string>();
    for (const r of rows) {
      const ruleKey = `${r.source}:${r.rule_id}`;
      let parsed = parsedRules.get(ruleKey);
      if (parsed === undefined) {
        parsed = ruleOf(r, this.onError);
        parsedRules.set(ruleKey, parsed);
        versions.set(ruleKey, contentVersion(r));
      }
      if (!parsed) continue;
      let d = next.get(r.dev_no);
      if (!d) {
        d = {
          deviceId: r.dev_no,
          tenantId: Number(r.tenant_id),
          deviceName: r.name,
          gatewayId: r.gateway_id,
          rules: [],
          meta: new Map(),
          hasOffline: false,
          signature: '',
        };
        next.set(r.dev_no, d);
      }
      if (d.meta.has(parsed.rule.id)) continue;
      d.rules.push(parsed.rule);
      d.meta.set(parsed.rule.id, parsed.meta);
      d.signature += `${ruleKey}@${versions.get(ruleKey)};`;
      if (parsed.rule.template.conditions.some((c) => c.type === 'offline')) d.hasOffline = true;
    }
    const ids = placeIdsOf(next.values());
    if (this.loadPlaces && (ids.locationIds.size > 0 || ids.routeIds.size > 0)) {
      const places = await this.loadPlaces(ids, this.onError);
      for (const d of next.values()) {
        const p = places.get(d.tenantId);
        for (const r of d.rules) r.places = p;
      }
    }
    this.snapshot = next;
    this.generation++;
    this.loadedAt = Date.now();
  }

  close(): void {
    this.unsubscribe();
  }
}
