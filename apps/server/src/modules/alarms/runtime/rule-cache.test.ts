import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { addDevice, uid } from '../../telemetry/ingest.fixtures';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { bind, insertTemplate } from './alarm.fixtures';
import { RuleCache } from './rule-cache';

/**
 * The rule cache's freshness: a binding written through the process's Db makes
 * the snapshot stale until a reload that sees it has finished — also while a reload that started
 * after the write mark is still running (the runtime then buffers readings instead of filtering
 * them against the old snapshot; a reading dropped there raised nothing).
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('RuleCache', () => {
  it('stays stale from a relevant write until a reload that sees it has replaced the snapshot', async () => {
    const cache = new RuleCache(app.db, (e) => {
      throw e;
    });
    try {
      await cache.refresh();
      expect(cache.stale).toBe(false);
      const id = uid('RC');
      await addDevice(app, { id });
      const templateId = await insertTemplate(app, DEMO_TENANT_ID, {
        conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: -15 }],
      });
      await bind(app, DEMO_TENANT_ID, templateId, id);
      expect(cache.stale).toBe(true);
      const reload = cache.refresh();
      // the reload is in flight: the old snapshot (without the device) must not be taken as current
      expect(cache.get(id)).toBeUndefined();
      expect(cache.stale).toBe(true);
      await reload;
      expect(cache.stale).toBe(false);
      expect(cache.get(id)?.rules.map((r) => r.id)).toEqual([`template:${templateId}`]);
    } finally {
      cache.close();
    }
  });

  it('hands every device bound to one template the same parsed rule (compiled once for all of them)', async () => {
    const cache = new RuleCache(app.db, (e) => {
      throw e;
    });
    try {
      const [a, b] = [uid('RCA'), uid('RCB')];
      await addDevice(app, { id: a });
      await addDevice(app, { id: b });
      const templateId = await insertTemplate(app, DEMO_TENANT_ID, {
        conditions: [{ type: 'threshold', param: 'P003', comparison: 0, value: 8 }],
      });
      await bind(app, DEMO_TENANT_ID, templateId, a);
      await bind(app, DEMO_TENANT_ID, templateId, b);
      await cache.refresh();
      const [ra, rb] = [cache.get(a)!, cache.get(b)!];
      expect(ra.rules.map((r) => r.id)).toEqual([`template:${templateId}`]);
      expect(rb.rules[0]).toBe(ra.rules[0]);
      expect(rb.deviceId).toBe(b);
    } finally {
      cache.close();
    }
  });
});
