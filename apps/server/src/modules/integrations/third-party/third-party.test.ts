import crypto from 'node:crypto';
import type { ExternalDevice, PageResult, ThirdPartyRecord, V4Meter } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { userOf } from '../../alarms/runtime/alarm.fixtures';
import { device } from '../../alarms/settings/settings.fixtures';
import { loginFreeKey, signLink } from '../../auth/sso/login-free';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../../../platform/tenancy/tenant-ids';

/**
 * Third-party intake: per-integration API keys (shown once, stored hashed,
 * rotated), the documented payload through the ingest, bad key 401, unknown device 404, replay
 * refused, invalid values with the ingest's own message; the v4 lists' at/guid/uid read scope.
 */

let app: TestApp;
let admin: { userId: string; token: string };
let operator: { userId: string; token: string };
let other: { userId: string; token: string };
const EN = { 'accept-language': 'en-US' };
let meterId: string;
let waterId: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await userOf(app, DEMO_TENANT_ID, 'tpadmin1', 'admin');
  operator = await userOf(app, DEMO_TENANT_ID, 'tpoper1', 'operator');
  other = await userOf(app, PLATFORM_TENANT_ID, 'tpother1', 'admin');
  meterId = await device(app, DEMO_TENANT_ID, 'AM-1P');
  waterId = await device(app, DEMO_TENANT_ID, 'WM-DN20');
});
afterAll(async () => {
  await app?.close();
});

const push = (key: string | null, body: object) =>
  app.call<{ accepted: number }>('POST', '/wlx/thirdParty/intake', {
    body,
    headers: { ...EN, ...(key ? { authorization: `Bearer ${key}` } : {}) },
  });
const reqId = () => crypto.randomBytes(9).toString('base64url');
const payload = (readings: object[], extra: object = {}) => ({
  requestId: reqId(),
  sentAt: Date.now(),
  readings,
  ...extra,
});
const stored = async (id: string, ts: number) => {
  const [r] = await app.db.query<{ values: Record<string, unknown> | string }>(
    'SELECT "values" FROM telemetry WHERE device_id = $1 AND ts = $2',
    [id, ts],
  );
  return r ? (typeof r.values === 'string' ? JSON.parse(r.values) : r.values) : undefined;
};

describe('third-party integrations', () => {
  let apiKey: string;
  let integration: ThirdPartyRecord;

  it('creates an integration and shows its key once (stored hashed)', async () => {
    const res = await app.call<{ integration: ThirdPartyRecord; apiKey: string }>('POST', '/wlx/thirdParty/add', {
      token: admin.token,
      headers: EN,
      body: { name: 'Utility meters', type: 'meter', deviceIds: [meterId] },
    });
    expect(res.body.success, res.body.message).toBe(true);
    ({ apiKey, integration } = res.body.result);
    expect(apiKey).toMatch(/^tpk_[A-Za-z0-9_-]{43}$/);
    expect(integration).toMatchObject({
      name: 'Utility meters',
      type: 'meter',
      deviceIds: [meterId],
      keyPrefix: apiKey.slice(0, 8),
      enabled: true,
    });
    const [row] = await app.db.query<{ key_hash: string }>(
      'SELECT key_hash FROM third_party_integration WHERE id = $1',
      [integration.id],
    );
    expect(row!.key_hash).toBe(crypto.createHash('sha256').update(apiKey).digest('hex'));
    const list = await app.call<PageResult<ThirdPartyRecord>>('GET', '/wlx/thirdParty/list', { token: admin.token });
    expect(JSON.stringify(list.body.result)).not.toContain(apiKey);
    expect(list.body.result.records.map((r) => r.id)).toContain(integration.id);
    expect(
      (
        await app.call<PageResult<ThirdPartyRecord>>('GET', '/wlx/thirdParty/list', { token: other.token })
      ).body.result.records.map((r) => r.id),
    ).not.toContain(integration.id);
    // a device of another tenant, or a device already fed, is refused on its field
    const theirs = await device(app, PLATFORM_TENANT_ID, 'AM-1P');
    const bad = await app.call('POST', '/wlx/thirdParty/add', {
      token: admin.token,
      headers: EN,
      body: { name: 'Other', type: 'meter', deviceIds: [theirs] },
    });
    expect(bad.body).toMatchObject({ success: false, errors: [{ field: 'deviceIds' }] });
    const twice = await app.call('POST', '/wlx/thirdParty/add', {
      token: admin.token,
      headers: EN,
      body: { name: 'Twice', type: 'meter', deviceIds: [meterId] },
    });
    expect(twice.body).toMatchObject({ success: false, errors: [{ field: 'deviceIds' }] });
  });

  it('ingests readings keyed by codes or names into the telemetry and the external list', async () => {
    const ts = Date.now() - 1000;
    const res = await push(
      apiKey,
      payload([
        { deviceId: meterId, ts, values: { energy: 1520.25, P051: 229.5, activePower: 1800, powerFactor: 0.97 } },
      ]),
    );
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result).toEqual({ accepted: 1 });
    expect(await stored(meterId, ts)).toEqual({ P054: 1520.25, P051: 229.5, P053: 1800, P063: 0.97 });
    const ext = (
      await app.call<PageResult<ExternalDevice>>('GET', '/wlx/external/list', { token: operator.token })
    ).body.result.records.find((r) => r.deviceId === meterId);
    expect(ext).toMatchObject({
      source: 'thirdParty',
      sourceId: integration.id,
      sourceName: 'Utility meters',
      state: 'online',
      lastReportTime: ts,
    });
    expect(ext!.values.find((v) => v.code === 'P054')).toMatchObject({ value: 1520.25, unit: 'kWh' });
  });

  it('refuses bad keys (401), replays and stale requests, unknown devices (404), foreign fields and invalid values', async () => {
    const good = payload([{ deviceId: meterId, ts: Date.now() - 500, values: { P054: 1521 } }]);
    expect((await push(null, good)).status).toBe(401);
    const wrong = await push(`${apiKey.slice(0, -2)}xx`, good);
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid integration key');
    expect((await push(apiKey, good)).body.success).toBe(true);
    const replay = await push(apiKey, good);
    expect(replay.body).toMatchObject({
      success: false,
      code: 409,
      message: 'Request already processed or its timestamp is out of range',
    });
    const stale = await push(
      apiKey,
      payload([{ deviceId: meterId, ts: Date.now() - 400, values: { P054: 1522 } }], {
        sentAt: Date.now() - 6 * 60_000,
      }),
    );
    expect(stale.body).toMatchObject({ success: false, code: 409 });
    // a device of the tenant that this integration does not feed: nothing stored
    const ts = Date.now() - 300;
    const unknown = await push(
      apiKey,
      payload([
        { deviceId: meterId, ts, values: { P054: 1523 } },
        { deviceId: waterId, ts, values: { P054: 1 } },
      ]),
    );
    expect(unknown.body).toMatchObject({
      success: false,
      code: 404,
      message: `Device ${waterId} does not exist or is not part of this integration`,
    });
    expect(await stored(meterId, ts)).toBeUndefined();
    const foreign = await push(apiKey, payload([{ deviceId: meterId, ts, values: { P003: 4 } }]));
    expect(foreign.body).toMatchObject({
      success: false,
      code: 400,
      message: 'Field P003 is not a parameter of this integration type',
    });
    const invalid = await push(apiKey, payload([{ deviceId: meterId, ts, values: { powerFactor: 3 } }]));
    expect(invalid.body).toMatchObject({ success: false, code: 400 });
    expect(invalid.body.message).toContain('P063');
    const malformed = await push(apiKey, { requestId: 'x', sentAt: Date.now(), readings: [] });
    expect(malformed.body).toMatchObject({ success: false, code: 400 });
  });

  it('rotates the key: the old one stops working at once', async () => {
    const res = await app.call<{ integration: ThirdPartyRecord; apiKey: string }>('POST', '/wlx/thirdParty/rotateKey', {
      token: admin.token,
      body: { id: integration.id },
    });
    expect(res.body.success).toBe(true);
    const fresh = res.body.result.apiKey;
    expect(fresh).not.toBe(apiKey);
    expect(
      (await push(apiKey, payload([{ deviceId: meterId, ts: Date.now() - 200, values: { P054: 1530 } }]))).status,
    ).toBe(401);
    expect(
      (await push(fresh, payload([{ deviceId: meterId, ts: Date.now() - 200, values: { P054: 1530 } }]))).body.success,
    ).toBe(true);
    // another tenant cannot rotate it; disabling it refuses its key
    expect(
      (await app.call('POST', '/wlx/thirdParty/rotateKey', { token: other.token, body: { id: integration.id } })).body
        .code,
    ).toBe(404);
    await app.call('PUT', '/wlx/thirdParty/edit', {
      token: admin.token,
      body: { id: integration.id, name: 'Utility meters', type: 'meter', deviceIds: [meterId], enabled: false },
    });
    expect(
      (await push(fresh, payload([{ deviceId: meterId, ts: Date.now() - 100, values: { P054: 1531 } }]))).status,
    ).toBe(401);
  });
});

describe('v4 lists and the at/guid/uid read scope', () => {
  const link = async (userId: string, tenantId: number) => {
    const guid = crypto.randomUUID();
    const expires = new Date(Date.now() + 60_000);
    await app.db.query(
      "INSERT INTO sso_login_link (guid, user_id, tenant_id, expires_at, created_by) VALUES ($1, $2, $3, $4, 'test')",
      [guid, userId, tenantId, expires],
    );
    return {
      guid,
      at: signLink(loginFreeKey(process.env, app.config.dataDir), guid, userId, tenantId, expires.getTime()),
    };
  };
  const v4 = (path: string, token: string, q: Record<string, string> = {}) =>
    app.call<PageResult<V4Meter>>('GET', `${path}?${new URLSearchParams(q).toString()}`, { token, headers: EN });

  it('answers the session scope without the parameters and with matching ones', async () => {
    const plain = await v4('/v4/meter/list', admin.token);
    expect(plain.body.success, plain.body.message).toBe(true);
    expect(plain.body.result.records.map((r) => r.deviceId)).toEqual(expect.arrayContaining([meterId, waterId]));
    expect(plain.body.result.records.every((r) => ['AM-1P', 'AM-3P', 'WM-DN20'].includes(r.model))).toBe(true);
    const { guid, at } = await link(admin.userId, DEMO_TENANT_ID);
    const scoped = await v4('/v4/meter/list', admin.token, { at, guid, uid: admin.userId });
    expect(scoped.body.success, scoped.body.message).toBe(true);
    expect((await v4('/v4/external/list', admin.token, { at, guid, uid: admin.userId })).body.success).toBe(true);
    expect((await v4('/v4/meter/list', other.token)).body.result.records.map((r) => r.deviceId)).not.toContain(meterId);
  });

  it('refuses mismatches with 403 and never widens access', async () => {
    const mine = await link(admin.userId, DEMO_TENANT_ID);
    const theirs = await link(other.userId, PLATFORM_TENANT_ID);
    for (const q of <Record<string, string>[]>[
      { at: mine.at, guid: mine.guid, uid: other.userId }, // uid not the signed-in user
      { at: mine.at, guid: mine.guid }, // incomplete
      { at: `${mine.at.slice(0, -2)}AA`, guid: mine.guid, uid: admin.userId }, // forged signature
      { at: theirs.at, guid: theirs.guid, uid: admin.userId }, // another user's link
      { at: mine.at, guid: crypto.randomUUID(), uid: admin.userId }, // unknown link
    ]) {
      for (const path of ['/v4/meter/list', '/v4/external/list']) {
        const res = await v4(path, admin.token, q);
        expect(res.status, JSON.stringify(q)).toBe(403);
        expect(res.body.message).toBe('The at/guid/uid parameters do not match the signed-in session');
      }
    }
    // another tenant's user with that user's own valid link still sees only their tenant
    const res = await v4('/v4/meter/list', other.token, { at: theirs.at, guid: theirs.guid, uid: other.userId });
    expect(res.body.success).toBe(true);
    expect(res.body.result.records.map((r) => r.deviceId)).not.toContain(meterId);
    // and a user's link used with the same user's token in another tenant is refused
    expect((await v4('/v4/meter/list', other.token, { at: mine.at, guid: mine.guid, uid: admin.userId })).status).toBe(
      403,
    );
    // no token: no access at all
    expect((await app.call('GET', '/v4/meter/list', {})).status).toBe(401);
  });
});
