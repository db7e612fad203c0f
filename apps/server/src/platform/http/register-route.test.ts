import { defineRoute } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../auth/tokens';
import { DEMO_TENANT_ID } from '../tenancy/tenant-ids';
import { registerRoute } from './register-route';

const Guarded = defineRoute({
  method: 'POST',
  path: '/test/guarded',
  access: 'user:add',
  tag: 'test',
  summary: 'needs user:add',
  body: z.object({ name: z.string() }),
  result: z.object({ done: z.boolean() }),
});

describe('route access rule', () => {
  let t: TestApp;
  let calls = 0;
  beforeAll(async () => {
    t = await createTestApp();
    // The route is registered on a second app instance sharing the database.
    const { buildApp } = await import('../../app');
    const extra = await buildApp({ config: t.config, db: t.db });
    extra.fastify.register(
      async (api) => {
        registerRoute(api, t.db, Guarded, () => {
          calls++;
          return { done: true };
        });
      },
      { prefix: '/ztj-iot' },
    );
    await extra.fastify.ready();
    t.call = async (method, url, opts = {}) => {
      const res = await extra.fastify.inject({
        method: method as 'POST',
        url: `/ztj-iot${url}`,
        headers: { ...(opts.token ? { 'x-access-token': opts.token } : {}), ...opts.headers },
        ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      });
      return { status: res.statusCode, body: res.json() };
    };
    const hash = await hashPassword('Viewer#Pass1');
    const [u] = await t.db.query<{ id: string }>(
      `INSERT INTO sys_user (username, realname, password_hash) VALUES ('viewer2', 'Viewer', $1) RETURNING id`,
      [hash],
    );
    await t.db.query('INSERT INTO sys_user_tenant (user_id, tenant_id) VALUES ($1, $2)', [u!.id, DEMO_TENANT_ID]);
    await t.db.query(
      `INSERT INTO sys_user_role (user_id, role_id) SELECT $1, id FROM sys_role WHERE tenant_id = $2 AND role_code = 'viewer'`,
      [u!.id, DEMO_TENANT_ID],
    );
  });
  afterAll(() => t.close());

  it('answers 510 without the permission and never runs the handler', async () => {
    const token = await t.login('viewer2', 'Viewer#Pass1');
    const res = await t.call('POST', '/test/guarded', {
      token,
      body: { name: 'x' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: 510, message: 'Ordinary employees lack this right' });
    expect(calls).toBe(0);
  });

  it('runs the handler for a role holding the permission', async () => {
    const token = await t.login();
    const res = await t.call('POST', '/test/guarded', { token, body: { name: 'x' } });
    expect(res.body).toMatchObject({ success: true, code: 200, result: { done: true } });
    expect(calls).toBe(1);
  });

  it('answers 401 before checking permissions when there is no token', async () => {
    const res = await t.call('POST', '/test/guarded', { body: { name: 'x' } });
    expect(res.status).toBe(401);
  });
});
