import type { LedgerChainReport, LedgerVerify } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, tenantHeader, type AdminFixtures } from '../../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID } from '../../platform/tenancy/tenant-ids';

/**
 * Record chains: alarm processing records, report generations and the audit
 * log are chained by triggers; a row changed or removed with direct SQL is the first broken link;
 * an administrative edit is logged with the entity before and after.
 */

let app: TestApp;
let fx: AdminFixtures;
const h = tenantHeader(DEMO_TENANT_ID);

const chain = async (name: LedgerChainReport['chain']): Promise<LedgerChainReport> => {
  const res = await app.call<LedgerVerify>('GET', `/sys/ledger/verify?chain=${name}`, {
    token: fx.otherAdmin,
    headers: h,
  });
  expect(res.body.success, res.body.message).toBe(true);
  expect(res.body.result.chains).toHaveLength(1);
  return res.body.result.chains[0]!;
};

/** An alarm of the demo tenant and `n` processing records of it, inserted as the alarm handling does. */
async function alarmWithRecords(n: number): Promise<string[]> {
  const [alarm] = await app.db.query<{ id: string }>(
    `INSERT INTO alarm (tenant_id, device_id, rule_source, rule_id, rule_name, condition_index, condition_type, alarm_type, severity, start_ts, raised_ts, created_at)
     VALUES ($1, 'LEDGER-DEV', 'template', 'r1', 'Cold', 0, 'threshold', 'P003', 'H', $2, $2, $2) RETURNING id`,
    [DEMO_TENANT_ID, Date.now()],
  );
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const [r] = await app.db.query<{ id: string }>(
      'INSERT INTO alarm_process_record (tenant_id, alarm_id, content, flag, create_by, create_time) VALUES ($1, $2, $3, 1, $4, $5) RETURNING id',
      [DEMO_TENANT_ID, alarm!.id, `checked the cold room (${i})`, 'otheradmin', Date.now() + i],
    );
    ids.push(r!.id);
  }
  return ids;
}

beforeAll(async () => {
  app = await createTestApp();
  fx = await adminFixtures(app);
});
afterAll(async () => {
  await app?.close();
});

describe('ledger record chains (integration)', () => {
  it('chains alarm processing records and reports a record changed or removed with direct SQL', async () => {
    const ids = await alarmWithRecords(3);
    const ok = await chain('alarmRecord');
    expect(ok).toMatchObject({ intact: true, entries: 3, rows: 3, firstBreak: null });

    await app.db.query("UPDATE alarm_process_record SET content = 'nothing to see' WHERE id = $1", [ids[1]]);
    const changed = await chain('alarmRecord');
    expect(changed.intact).toBe(false);
    expect(changed.firstBreak).toMatchObject({ problem: 'rowChanged', ref: ids[1], seq: 2 });
    await app.db.query("UPDATE alarm_process_record SET content = 'checked the cold room (1)' WHERE id = $1", [ids[1]]);
    expect((await chain('alarmRecord')).intact).toBe(true);

    await app.db.query('ALTER TABLE alarm_process_record DISABLE TRIGGER ledger_alarm_record');
    const [sneaked] = await app.db.query<{ id: string }>(
      "INSERT INTO alarm_process_record (tenant_id, alarm_id, content, flag, create_by, create_time) SELECT tenant_id, alarm_id, 'late', 1, 'x', 1 FROM alarm_process_record WHERE id = $1 RETURNING id",
      [ids[0]],
    );
    await app.db.query('ALTER TABLE alarm_process_record ENABLE TRIGGER ledger_alarm_record');
    expect((await chain('alarmRecord')).firstBreak).toMatchObject({ problem: 'unlinked', ref: sneaked!.id });
    await app.db.query('DELETE FROM alarm_process_record WHERE id = $1', [sneaked!.id]);

    await app.db.query('DELETE FROM alarm_process_record WHERE id = $1', [ids[2]]);
    expect((await chain('alarmRecord')).firstBreak).toMatchObject({ problem: 'rowMissing', ref: ids[2], seq: 3 });
  });

  it('chains finished report generations; a deleted export file is counted, not a break; a changed one is', async () => {
    const [user] = await app.db.query<{ id: string }>("SELECT id FROM sys_user WHERE username = 'otheradmin'");
    const files: string[] = [];
    for (const name of ['a.pdf', 'b.pdf']) {
      const [f] = await app.db.query<{ id: string }>(
        `INSERT INTO export_file (tenant_id, user_id, number, exporter, file_type, file_name, description, lang, query, create_time, expires_at)
         VALUES ($1, $2, 1, 'device-report', '1', $3, 'report', 'zh-CN', '{}'::jsonb, $4::bigint, $4::bigint + 86400000) RETURNING id`,
        [DEMO_TENANT_ID, user!.id, name, Date.now()],
      );
      await app.db.query(
        "UPDATE export_file SET status = 'success', progress = 100, size = 10, sha256 = 'abc', finish_time = $2 WHERE id = $1",
        [f!.id, Date.now()],
      );
      files.push(f!.id);
    }
    expect(await chain('report')).toMatchObject({ intact: true, entries: 2, rows: 2 });
    await app.db.query('DELETE FROM export_file WHERE id = $1', [files[0]]);
    expect(await chain('report')).toMatchObject({ intact: true, unchained: 1, rows: 1 });
    await app.db.query("UPDATE export_file SET sha256 = 'def' WHERE id = $1", [files[1]]);
    expect((await chain('report')).firstBreak).toMatchObject({ problem: 'rowChanged', ref: files[1], seq: 2 });
  });

  it('logs an administrative edit with before and after, chains it, and detects an edited audit row', async () => {
    const [role] = await app.db.query<{ id: string; role_name: string; role_code: string }>(
      "SELECT id, role_name, role_code FROM sys_role WHERE tenant_id = $1 AND role_code = 'viewer'",
      [DEMO_TENANT_ID],
    );
    const res = await app.call('PUT', '/sys/role/edit', {
      token: fx.otherAdmin,
      headers: h,
      body: { id: role!.id, roleName: 'Auditors', roleCode: role!.role_code },
    });
    expect(res.body.success, res.body.message).toBe(true);
    const [log] = await app.db.query<{
      id: string;
      data_before: { role_name: string };
      data_after: { role_name: string };
    }>(
      "SELECT id::text AS id, data_before, data_after FROM sys_log WHERE tenant_id = $1 AND log_type = 2 AND request_url = '/sys/role/edit' ORDER BY id DESC LIMIT 1",
      [DEMO_TENANT_ID],
    );
    expect(log!.data_before.role_name).toBe(role!.role_name);
    expect(log!.data_after.role_name).toBe('Auditors');
    const ok = await chain('audit');
    expect(ok.intact).toBe(true);
    expect(ok.entries).toBeGreaterThanOrEqual(1);

    await app.db.query(
      "UPDATE sys_log SET data_before = jsonb_set(data_before, '{role_name}', '\"Auditors\"') WHERE id = $1",
      [log!.id],
    );
    const broken = await chain('audit');
    expect(broken.firstBreak).toMatchObject({ problem: 'rowChanged', ref: log!.id });
  });

  it('detects a removed newest entry (chain shorter than its head) and a changed entry content', async () => {
    const [last] = await app.db.query<{ id: string; content: unknown }>(
      "SELECT id::text AS id, content FROM ledger_entry WHERE tenant_id = $1 AND chain = 'alarmRecord' ORDER BY seq DESC LIMIT 1",
      [DEMO_TENANT_ID],
    );
    await app.db.query(
      "UPDATE ledger_entry SET content = jsonb_set(content, '{content}', '\"edited\"') WHERE id = $1",
      [last!.id],
    );
    expect((await chain('alarmRecord')).firstBreak).toMatchObject({ problem: 'content', entryId: last!.id });
    await app.db.query('DELETE FROM ledger_entry WHERE id = $1', [last!.id]);
    expect((await chain('alarmRecord')).firstBreak).toMatchObject({ problem: 'head' });
  });
});
