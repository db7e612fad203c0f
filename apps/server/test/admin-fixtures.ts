import type { ApiResponse } from '@ztj/contracts';
import { DEMO_TENANT_ID, PLATFORM_TENANT_ID } from '../src/platform/tenancy/tenant-ids';
import type { TestApp } from './test-app';
import { exportAndWait } from '../src/platform/exports/exports.fixtures';

/** Password of users the fixtures create. */
export const USER_PASSWORD = 'Fixture#2026a';

/** Headers asking for a tenant (SPEC §7 `tenant-id`). */
export const tenantHeader = (tenantId: number): Record<string, string> => ({ 'tenant-id': String(tenantId) });

export interface AdminFixtures {
  /** Administrator token, platform tenant (1000). */
  admin: string;
  /** Token of an administrator of the demo tenant (1001) only: the "other tenant". */
  otherAdmin: string;
  /** Token of a viewer of the platform tenant: no system permissions. */
  viewer: string;
  roleId(tenantId: number, code: string): Promise<string>;
  departId(orgCode: string): Promise<string>;
  /** Creates a user through the API in the tenant of `token`; returns its id. */
  addUser(
    token: string,
    username: string,
    extra?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<string>;
}

/** Tokens and helpers shared by the administration tests. */
export async function adminFixtures(t: TestApp): Promise<AdminFixtures> {
  const admin = await t.login();
  const roleId = async (tenantId: number, code: string): Promise<string> =>
    (await t.db.one<{ id: string }>('SELECT id FROM sys_role WHERE tenant_id = $1 AND role_code = $2', [
      tenantId,
      code,
    ]))!.id;
  const departId = async (orgCode: string): Promise<string> =>
    (await t.db.one<{ id: string }>('SELECT id FROM sys_depart WHERE org_code = $1', [orgCode]))!.id;
  const addUser: AdminFixtures['addUser'] = async (token, username, extra = {}, headers = {}) => {
    const res = await t.call<{ id: string }>('POST', '/sys/user/add', {
      token,
      headers,
      body: { username, realname: `R${username}`, phone: '13800000000', password: USER_PASSWORD, ...extra },
    });
    if (!res.body.success)
      throw new Error(`add ${username}: ${res.body.message} ${JSON.stringify(res.body.errors ?? [])}`);
    return res.body.result.id;
  };
  await addUser(
    admin,
    'otheradmin',
    { selectedroles: await roleId(DEMO_TENANT_ID, 'admin'), selecteddeparts: await departId('B01') },
    tenantHeader(DEMO_TENANT_ID),
  );
  await addUser(admin, 'viewer1', { selectedroles: await roleId(PLATFORM_TENANT_ID, 'viewer') });
  return {
    admin,
    otherAdmin: await t.login('otheradmin', USER_PASSWORD),
    viewer: await t.login('viewer1', USER_PASSWORD),
    roleId,
    departId,
    addUser,
  };
}

/** A multipart/form-data body with files and text fields, for app.inject. */
export function multipart(
  files: { field: string; filename: string; content: Buffer; type?: string }[],
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ztj${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Sends a multipart request and parses the envelope. */
export async function upload<T>(
  t: TestApp,
  url: string,
  token: string,
  files: Parameters<typeof multipart>[0],
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const body = multipart(files, fields);
  const res = await t.fastify.inject({
    method: 'POST',
    url: `/ztj-iot${url}`,
    payload: body.payload,
    headers: { ...body.headers, 'x-access-token': token, ...headers },
  });
  return res.json();
}

/** A GET answered with a file: status, headers and bytes. */
export async function download(
  t: TestApp,
  url: string,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; disposition: string; body: Buffer }> {
  const res = await t.fastify.inject({
    method: 'GET',
    url: `/ztj-iot${url}`,
    headers: { ...(token ? { 'x-access-token': token } : {}), ...headers },
  });
  return {
    status: res.statusCode,
    type: String(res.headers['content-type'] ?? ''),
    disposition: String(res.headers['content-disposition'] ?? ''),
    body: res.rawPayload,
  };
}

/**
 * An export call (SPEC §1 asynchronous) seen like the old synchronous download: starts it, waits
 * for its download-center entry and downloads the file. A refused call gives its status and
 * envelope bytes; a failed export gives status 200, an empty body and `failure` (its message).
 */
export async function exported(
  t: TestApp,
  url: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; disposition: string; body: Buffer; failure?: string }> {
  try {
    const done = await exportAndWait(t, token, url, headers);
    if (!done.body)
      return { status: 200, type: '', disposition: '', body: Buffer.alloc(0), failure: done.file.result ?? '' };
    return {
      status: 200,
      type: String(done.headers['content-type'] ?? ''),
      disposition: String(done.headers['content-disposition'] ?? ''),
      body: done.body,
    };
  } catch (e) {
    const refused = e as Error & { status?: number; body?: unknown };
    if (refused.status === undefined) throw e;
    return {
      status: refused.status,
      type: 'application/json',
      disposition: '',
      body: Buffer.from(JSON.stringify(refused.body)),
    };
  }
}
