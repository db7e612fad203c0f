import type { PageResult, WaybillMapItem, WaybillRecord, WaybillStat } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { userOf } from '../../alarms/runtime/alarm.fixtures';
import { device } from '../../alarms/settings/settings.fixtures';
import { DEMO_TENANT_ID } from '../../../platform/tenancy/tenant-ids';
import { routeOf, waybillBody } from './waybill.fixtures';

/**
 * Division-vehicle task calls (SPEC §7 "and division-vehicle equivalents", `/wlx/divisionTask`):
 * dispatchers of two sub-departments of the demo tenant's root department (B01) each see and change
 * only the waybills whose devices are placed in their department; the tenant administrator at the
 * root department sees them all.
 */

let app: TestApp;
type User = { userId: string; token: string };
let dispA: User;
let dispB: User;
let root: User;
let nobody: User;
let route: string;
const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };
const [A, B] = ['B01Z98', 'B01Z99'];
const D = '/wlx/divisionTask';

async function departOf(code: string, name: string): Promise<void> {
  await app.db.query(
    "INSERT INTO sys_depart (tenant_id, parent_id, depart_name, org_code) SELECT $1, id, $2, $3 FROM sys_depart WHERE org_code = 'B01'",
    [DEMO_TENANT_ID, name, code],
  );
}
async function dispatcher(name: string, orgCode: string | null): Promise<User> {
  const u = await userOf(app, DEMO_TENANT_ID, name, 'admin');
  await app.db.query('UPDATE sys_user SET org_code = $2 WHERE id = $1', [u.userId, orgCode]);
  return u;
}
async function deviceIn(orgCode: string): Promise<string> {
  const id = await device(app, DEMO_TENANT_ID);
  await app.db.query('UPDATE device SET org_code = $2 WHERE dev_no = $1', [id, orgCode]);
  return id;
}

beforeAll(async () => {
  app = await createTestApp();
  await departOf(A, 'Branch A');
  await departOf(B, 'Branch B');
  dispA = await dispatcher('divdispa', A);
  dispB = await dispatcher('divdispb', B);
  root = await dispatcher('divroot', 'B01');
  nobody = await dispatcher('divnobody', null);
  route = await routeOf(app, DEMO_TENANT_ID);
});
afterAll(async () => {
  await app?.close();
});

const call = <T>(user: User, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object, headers = EN) =>
  app.call<T>(method, `${D}/${path}`, { token: user.token, headers, ...(body ? { body } : {}) });
const ids = (list: { id: string }[]) => list.map((r) => r.id).sort();

describe('division-vehicle task calls', () => {
  it('a dispatcher of branch A sees, counts and changes only branch A waybills; the root administrator sees all', async () => {
    const [a1, a2, a3, b1, b2] = [
      await deviceIn(A),
      await deviceIn(A),
      await deviceIn(A),
      await deviceIn(B),
      await deviceIn(B),
    ];
    const add = async (user: User, devs: string[], vehicle: string) => {
      const res = await call<WaybillRecord>(user, 'POST', 'add', waybillBody(route, devs, { vehicle }));
      expect(res.body.success, res.body.message).toBe(true);
      return res.body.result;
    };
    const wA = await add(dispA, [a1], '沪A-DIV01');
    const wA2 = await add(dispA, [a2], '沪A-DIV02');
    const wB = await add(dispB, [b1], '苏B-DIV03');
    // a waybill carrying devices of both branches belongs to neither, only to their common parent
    const wMixed = await add(root, [a3, b2], '沪A-DIV04');
    expect((await call<WaybillRecord>(dispA, 'POST', 'start', { id: wA.id })).body.result.status).toBe('ongoing');

    const listA = (await call<PageResult<WaybillRecord>>(dispA, 'GET', 'list?pageSize=1000')).body.result;
    expect(ids(listA.records)).toEqual(ids([wA, wA2]));
    expect(listA.total).toBe(2);
    // the server sets the division: a client's own `division` changes nothing
    expect(
      ids((await call<PageResult<WaybillRecord>>(dispA, 'GET', `list?pageSize=1000&division=B01`)).body.result.records),
    ).toEqual(ids([wA, wA2]));
    // the list's vehicle filter, partial
    expect(
      ids(
        (await call<PageResult<WaybillRecord>>(dispA, 'GET', `list?vehicle=${encodeURIComponent('*DIV02*')}`)).body
          .result.records,
      ),
    ).toEqual([wA2.id]);

    expect((await call<WaybillStat>(dispA, 'GET', 'getStatNum')).body.result).toEqual({
      total: 2,
      unstarted: 1,
      ongoing: 1,
      completed: 0,
    });
    expect((await call<WaybillStat>(dispB, 'GET', 'getStatNum')).body.result).toEqual({
      total: 1,
      unstarted: 1,
      ongoing: 0,
      completed: 0,
    });
    expect((await call<WaybillStat>(dispA, 'GET', 'getStatNum?vehicle=div01')).body.result).toMatchObject({
      total: 1,
      ongoing: 1,
    });
    expect((await call<WaybillStat>(dispA, 'GET', 'getStatNum?groupBy=vehicle')).body.result.vehicles).toEqual([
      { vehicle: '沪A-DIV01', total: 1, unstarted: 0, ongoing: 1, completed: 0 },
      { vehicle: '沪A-DIV02', total: 1, unstarted: 1, ongoing: 0, completed: 0 },
    ]);
    expect(ids((await call<WaybillMapItem[]>(dispA, 'GET', 'getTaskList')).body.result)).toEqual([wA.id]);
    expect((await call<WaybillMapItem[]>(dispB, 'GET', 'getTaskList')).body.result).toEqual([]);
    expect((await call<WaybillMapItem[]>(dispA, 'GET', 'getTaskList?vehicle=nothing')).body.result).toEqual([]);

    // branch B's waybill: neither read nor changed by A
    const outside = `This waybill's vehicle is not in your division: ${wB.number}`;
    for (const [method, path, body] of [
      ['GET', `getDetailById?id=${wB.id}`],
      ['GET', `getRealById?id=${wB.id}`],
      ['POST', 'start', { id: wB.id }],
      ['POST', 'stop', { id: wB.id }],
      ['DELETE', `del?id=${wB.id}`],
      ['PUT', 'modifyTime', { id: wB.id, plannedStart: 1, plannedEnd: 2 }],
      ['PUT', 'update', { ...waybillBody(route, [a2]), id: wB.id }],
      ['POST', 'addDevs', { id: wB.id, deviceIds: [a2] }],
      ['POST', 'delDevInTask', { id: wB.id, deviceIds: [b1] }],
    ] as const) {
      const res = await call(dispA, method, path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toBe(outside);
    }
    expect((await call(dispA, 'POST', 'stop', { id: wB.id }, ZH)).body.message).toBe(
      `该运单的车辆不属于您的部门：${wB.number}`,
    );
    expect((await app.db.query('SELECT status FROM waybill WHERE id = $1', [wB.id]))[0]).toEqual({
      status: 'unstarted',
    });
    expect((await call(dispA, 'GET', `getDetailById?id=${wMixed.id}`)).status).toBe(403);

    // branch B's device: refused on A's waybills, field by field
    const devOut = { field: 'deviceIds', message: `Device not in your division: ${b2}` };
    expect((await call(dispA, 'POST', 'addDevs', { id: wA2.id, deviceIds: [b2] })).body.errors).toEqual([devOut]);
    expect((await call(dispA, 'POST', 'add', waybillBody(route, [a2, b2]))).body.errors).toEqual([devOut]);
    expect((await call(dispA, 'PUT', 'update', { ...waybillBody(route, [b2]), id: wA2.id })).body.errors).toEqual([
      devOut,
    ]);
    expect(
      await app.db.query('SELECT dev_no FROM waybill_device WHERE waybill_id = $1 AND removed_at IS NULL', [wA2.id]),
    ).toEqual([{ dev_no: a2 }]);

    // A's own waybills work as on /wlx/task
    expect(
      (await call<WaybillRecord>(dispA, 'PUT', 'modifyTime', { id: wA2.id, plannedStart: 1_000, plannedEnd: 2_000 }))
        .body.result.plannedEnd,
    ).toBe(2_000);
    expect((await call<WaybillRecord>(dispA, 'POST', 'stop', { id: wA.id })).body.result.status).toBe('completed');
    expect((await call(dispA, 'DELETE', `del?id=${wA2.id}`)).body.success).toBe(true);
    expect((await call<WaybillStat>(dispA, 'GET', 'getStatNum')).body.result).toEqual({
      total: 1,
      unstarted: 0,
      ongoing: 0,
      completed: 1,
    });

    // the tenant administrator at the root department sees every waybill of the tenant's departments
    const all = (await call<PageResult<WaybillRecord>>(root, 'GET', 'list?pageSize=1000')).body.result.records;
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([wA.id, wB.id, wMixed.id]));
    const plain = (await app.call<WaybillStat>('GET', '/wlx/task/getStatNum', { token: root.token })).body.result;
    expect((await call<WaybillStat>(root, 'GET', 'getStatNum')).body.result).toEqual(plain);
    expect((await call<WaybillRecord>(root, 'POST', 'start', { id: wB.id })).body.result.status).toBe('ongoing');
  });

  it('refuses a caller without a valid current department', async () => {
    const res = await call(nobody, 'GET', 'list');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('No valid department under your department');
    expect((await call(nobody, 'GET', 'getStatNum')).body.success).toBe(false);
  });
});
