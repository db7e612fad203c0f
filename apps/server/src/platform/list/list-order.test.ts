import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ALARM_LIST } from '../../modules/alarms/handling/alarms.list';
import { PUSH_LIST } from '../../modules/alarms/push/push.list';
import { WAYBILL_LIST } from '../../modules/logistics/waybills/waybills.list';
import { LOG_LIST } from '../../modules/logs/logs.list';
import { DEMO_TENANT_ID } from '../tenancy/tenant-ids';
import type { Queryable } from '../db/db';
import { listPage } from './list-runner';
import type { ListSpec } from './list-spec';

/**
 * The default page of the lists whose tables grow without bound reads an index in the list's own
 * order (migration 0085): planned with sorting switched off, the page query of each
 * holds no Sort node in the page's order — without a matching index the planner has no other way than to sort every
 * row of the tenant, and a page of 10 costs as much as the whole table.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** The page statement `listPage` sends for `query` (captured; data rules read as none). */
async function pageStatement<R>(
  spec: ListSpec<R>,
  query: Record<string, unknown>,
): Promise<{ sql: string; params: readonly unknown[] }> {
  const sent: { sql: string; params: readonly unknown[] }[] = [];
  const capture: Queryable = {
    query: async <T>(sql: string, params: readonly unknown[] = []): Promise<T[]> => {
      sent.push({ sql, params });
      return [];
    },
  };
  await listPage(capture, spec, query, { tenantId: DEMO_TENANT_ID, userId: 'u', username: 'u', orgCode: null });
  const page = sent.find((s) => s.sql.includes('__total'));
  if (!page) throw new Error('no page statement captured');
  return page;
}

/** The plan of `sql` with sorting disabled (a Sort node then means no index gives the order). */
async function planWithoutSort(sql: string, params: readonly unknown[]): Promise<string> {
  return app.db.tx(async (q) => {
    await q.query('SET LOCAL enable_sort = off');
    const rows = await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) ${sql}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('list pages read their order from an index', () => {
  const cases: [string, ListSpec<never>, Record<string, unknown>][] = [
    ['alarms', ALARM_LIST as ListSpec<never>, {}],
    ['pushes', PUSH_LIST as ListSpec<never>, {}],
    ['waybills', WAYBILL_LIST as ListSpec<never>, {}],
    ['operation logs', LOG_LIST as ListSpec<never>, { logType: '2' }],
  ];
  it.each(cases)('%s: the default page is read in index order', async (_name, spec, query) => {
    const { sql, params } = await pageStatement(spec, query);
    if (process.env.LIST_ORDER_DEBUG) console.log(sql, params);
    const plan = await planWithoutSort(sql, params);
    expect(plan).toMatch(/Index Scan/);
    // the page's order is `<field> DESC NULLS LAST, <id> DESC` (aggregates inside a row may sort)
    expect(plan).not.toMatch(/Sort Key:[^\n]*NULLS LAST/);
  });
});
