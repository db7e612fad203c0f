import type { DeviceRecord, PageResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../platform/tenancy/tenant-ids';
import { uid } from '../telemetry/ingest.fixtures';

/**
 * The device list reads its page and total in one statement: every page, sort
 * and filter must answer what a page cut from the whole ordered set answers, with the same total,
 * including a page past the end and a sort on a column with empty values.
 */
let t: TestApp;
let admin: string;
const demo = { 'tenant-id': String(DEMO_TENANT_ID) };
const tag = uid('PAGE');
/** Seven devices of the demo tenant: create times one minute apart, every other one without power, odd ones reporting now. */
const devices = Array.from({ length: 7 }, (_, i) => ({
  id: `${tag}-${i}`,
  power: i % 2 ? null : 10 * i,
  online: i % 2 === 1,
  minutesAgo: 7 - i,
}));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const now = Date.now();
  for (const d of devices) {
    await t.db.query(
      `INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash, power, last_ts, periods, create_time)
       VALUES ($1, $2, $3, 'P23-2IN1', 'terminal', 'x', $4, $5, '{"workReportCycle": 1}', now() - $6 * interval '1 minute')`,
      [d.id, DEMO_TENANT_ID, `Paged ${d.id}`, d.power, d.online ? now : now - 86_400_000, d.minutesAgo],
    );
  }
  // Another tenant's device with the same prefix never shows nor counts.
  await t.db.query(
    `INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash) VALUES ($1, $2, 'Foreign', 'P23-2IN1', 'terminal', 'x')`,
    [`${tag}-X`, PLATFORM_TENANT_ID],
  );
});
afterAll(async () => {
  await t?.close();
});

const list = async (q: string): Promise<PageResult<DeviceRecord>> => {
  const res = await t.call<PageResult<DeviceRecord>>('GET', `/wlx/device/listDevCommon?id=${tag}*&${q}`, {
    token: admin,
    headers: demo,
  });
  expect(res.body.success).toBe(true);
  return res.body.result;
};

describe('device list page and total in one statement', () => {
  it('pages the default order (newest first) with the total on every page, and past the end', async () => {
    const newestFirst = [...devices].sort((a, b) => a.minutesAgo - b.minutesAgo).map((d) => d.id);
    const pages = [
      await list('pageNo=1&pageSize=3'),
      await list('pageNo=2&pageSize=3'),
      await list('pageNo=3&pageSize=3'),
    ];
    expect(pages.flatMap((p) => p.records.map((r) => r.id))).toEqual(newestFirst);
    for (const p of pages) expect({ total: p.total, pages: p.pages }).toEqual({ total: 7, pages: 3 });
    const past = await list('pageNo=5&pageSize=3');
    expect(past.records).toEqual([]);
    expect(past.total).toBe(7);
  });

  it('sorts a column with empty values with the empty ones last both ways, ties by device number', async () => {
    const withPower = devices.filter((d) => d.power !== null);
    const without = devices
      .filter((d) => d.power === null)
      .map((d) => d.id)
      .sort();
    const desc = await list('pageSize=10&column=power&order=desc');
    expect(desc.records.map((r) => r.id)).toEqual([
      ...withPower.sort((a, b) => b.power! - a.power!).map((d) => d.id),
      ...without,
    ]);
    const asc = await list('pageSize=10&column=power&order=asc');
    expect(asc.records.map((r) => r.id)).toEqual([
      ...withPower.sort((a, b) => a.power! - b.power!).map((d) => d.id),
      ...without,
    ]);
    const byId = await list('pageNo=2&pageSize=2&column=id&order=asc');
    expect(byId.records.map((r) => r.id)).toEqual(
      devices
        .map((d) => d.id)
        .sort()
        .slice(2, 4),
    );
  });

  it('answers the online flag per row and counts only what the status filter keeps', async () => {
    const all = await list('pageSize=10');
    expect(Object.fromEntries(all.records.map((r) => [r.id, r.status]))).toEqual(
      Object.fromEntries(devices.map((d) => [d.id, d.online ? 'online' : 'offline'])),
    );
    const online = await list('pageSize=2&status=online');
    expect(online.total).toBe(devices.filter((d) => d.online).length);
    expect(online.records.every((r) => r.status === 'online')).toBe(true);
    const offline = await list('pageNo=2&pageSize=2&status=offline');
    expect(offline.total).toBe(devices.filter((d) => !d.online).length);
    expect(offline.records.every((r) => r.status === 'offline')).toBe(true);
  });
});
