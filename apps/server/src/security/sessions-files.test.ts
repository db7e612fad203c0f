import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { UploadResult } from '@ztj/contracts';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { adminFixtures, download, upload, USER_PASSWORD, type AdminFixtures } from '../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { openSocket } from '../../test/ws-client';
import { buildApp, type App } from '../app';
import type { Db } from '../platform/db/db';
import { hashToken } from '../platform/auth/tokens';
import { SESSION_ENDED_CLOSE_CODE } from '../platform/realtime/session-watch';

/**
 * Sessions and files: an open WebSocket kept streaming after logout or a
 * password change; a `?token=` in a URL was written to the server log; uploaded files were served
 * to anyone holding the link, without `Content-Disposition` or a content security policy.
 */

/** How long a socket may stay open after its session ended ("within a second"). */
const CLOSE_DEADLINE_MS = 1000;

const listen = async (app: App): Promise<string> => {
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}/ztj-iot/websocket`;
};

const open = openSocket;

/**
 * Runs `end` (the request or write that ends the session) and resolves with the socket's close
 * code; rejects if the socket is still open `deadlineMs` after `end` finished (the session ended
 * when its write was answered: a password change's own hashing does not count against the
 * second). `check` receives what `end` returned.
 */
async function closesAfter<T>(
  ws: WebSocket,
  deadlineMs: number,
  end: () => Promise<T>,
  check: (r: T) => void = () => undefined,
): Promise<number> {
  if (ws.readyState === WebSocket.CLOSED) throw new Error('closed before the revocation');
  const closed = new Promise<number>((resolve) => ws.once('close', resolve));
  check(await end());
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still open ${deadlineMs} ms after the revocation`)), deadlineMs);
  });
  try {
    return await Promise.race([closed, late]);
  } finally {
    clearTimeout(timer);
  }
}

const userIdOf = async (db: Db, username: string): Promise<string> =>
  (await db.one<{ id: string }>('SELECT id FROM sys_user WHERE username = $1', [username]))!.id;

describe('live sockets end with their session', () => {
  let t: TestApp;
  let f: AdminFixtures;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
    base = await listen(t);
    for (const u of ['wsuser1', 'wsuser2', 'wsuser3', 'wsuser4']) await f.addUser(f.admin, u);
  });
  afterAll(() => t.close());

  it('closes the socket within a second of logout', async () => {
    const token = await t.login('wsuser1', USER_PASSWORD);
    const ws = await open(`${base}/${await userIdOf(t.db, 'wsuser1')}`, token);
    const code = await closesAfter(
      ws,
      CLOSE_DEADLINE_MS,
      () => t.call('POST', '/sys/logout', { token }),
      (r) => expect(r.status).toBe(200),
    );
    expect(code).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it("closes the user's other sockets within a second of a password change", async () => {
    const watched = await t.login('wsuser2', USER_PASSWORD);
    const ws = await open(`${base}/${await userIdOf(t.db, 'wsuser2')}`, watched);
    const other = await t.login('wsuser2', USER_PASSWORD);
    const code = await closesAfter(
      ws,
      CLOSE_DEADLINE_MS,
      () =>
        t.call('PUT', '/sys/user/updatePassword', {
          token: other,
          body: {
            username: 'wsuser2',
            oldpassword: USER_PASSWORD,
            password: 'Changed#Pass2026',
            confirmpassword: 'Changed#Pass2026',
          },
        }),
      (r) => expect(r.body.success).toBe(true),
    );
    expect(code).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('closes a socket within a second of a freeze by an administrator', async () => {
    const token = await t.login('wsuser3', USER_PASSWORD);
    const id = await userIdOf(t.db, 'wsuser3');
    const ws = await open(`${base}/${id}`, token);
    const code = await closesAfter(
      ws,
      CLOSE_DEADLINE_MS,
      () => t.call('PUT', '/sys/user/frozenBatch', { token: f.admin, body: { ids: id, status: 2 } }),
      (r) => expect(r.body.success).toBe(true),
    );
    expect(code).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('closes sockets within a second of a revocation or freeze written by another process', async () => {
    // A second server on the same database that hears nothing of the writes (as another process
    // would not): it can only learn of them from the database.
    const deaf: Db = { ...t.db, onWrite: () => () => undefined };
    const other = await buildApp({ config: t.config, db: deaf });
    try {
      const otherBase = await listen(other);
      const revokedToken = await t.login('wsuser4', USER_PASSWORD);
      const revoked = await open(`${otherBase}/${await userIdOf(t.db, 'wsuser4')}`, revokedToken);
      const frozenToken = await t.login();
      await f.addUser(f.admin, 'wsuser5');
      const frozenUser = await t.login('wsuser5', USER_PASSWORD);
      const frozen = await open(`${otherBase}/${await userIdOf(t.db, 'wsuser5')}`, frozenUser);
      const kept = await open(`${otherBase}/${await userIdOf(t.db, 'admin')}`, frozenToken);

      const revokedCode = await closesAfter(revoked, CLOSE_DEADLINE_MS, () =>
        t.db.query('UPDATE sys_session SET revoked_at = now() WHERE token_hash = $1', [hashToken(revokedToken)]),
      );
      expect(revokedCode).toBe(SESSION_ENDED_CLOSE_CODE);

      const frozenCode = await closesAfter(frozen, CLOSE_DEADLINE_MS, () =>
        t.db.query(`UPDATE sys_user SET status = 2 WHERE username = 'wsuser5'`),
      );
      expect(frozenCode).toBe(SESSION_ENDED_CLOSE_CODE);

      // a socket whose session still holds is left alone
      expect(kept.readyState).toBe(WebSocket.OPEN);
      kept.close();
    } finally {
      await other.fastify.close();
    }
  });

  it('no longer takes the token from the URL', async () => {
    const token = await t.login();
    await expect(open(`${base}/${await userIdOf(t.db, 'admin')}?token=${token}`)).rejects.toThrow('HTTP 401');
  });
});

describe('tokens stay out of the log', () => {
  it('logs a request URL with the value of ?token= (and other secrets) redacted', async () => {
    const lines: string[] = [];
    const t = await createTestApp();
    // debug: each request's line (at info only failed and slow requests are logged)
    const app = await buildApp({
      config: { ...t.config, logLevel: 'debug' },
      db: t.db,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const secret = crypto.randomBytes(16).toString('hex');
      await app.fastify.inject({ url: `/ztj-iot/sys/user/list?pageNo=1&token=${secret}` });
      await app.fastify.inject({ url: `/ztj-iot/no/such/route?X-Access-Token=${secret}&password=${secret}` });
      const log = lines.join('');
      expect(log).toContain('pageNo=1&token=[REDACTED]');
      expect(log).toContain('/no/such/route');
      expect(log).not.toContain(secret);
    } finally {
      await app.fastify.close();
      await t.close();
    }
  });
});

describe('uploaded files are served to the owning tenant only', () => {
  let t: TestApp;
  let f: AdminFixtures;
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
  });
  afterAll(() => t.close());

  const store = async (
    token: string,
    filename: string,
    content: Buffer,
    type: string,
    biz = 'file',
  ): Promise<string> => {
    const res = await upload<UploadResult>(
      t,
      '/sys/common/upload',
      token,
      [{ field: 'file', filename, content, type }],
      { biz },
    );
    expect(res.success).toBe(true);
    return `/sys/common/static/${res.result.filePath}`;
  };

  it.each([
    ['report.txt', Buffer.from('<script>alert(1)</script>'), 'text/plain'],
    ['report.pdf', Buffer.from('%PDF-1.4\n<html><script>alert(1)</script>'), 'application/pdf'],
    ['report.csv', Buffer.from('a,b\n<img src=x onerror=alert(1)>,2\n'), 'text/csv'],
  ])('%s: 401 anonymous, 404 for another tenant, an attachment for its own tenant', async (name, content, type) => {
    const url = await store(f.viewer, name, content, type);
    expect((await download(t, url)).status).toBe(401);
    expect((await download(t, url, f.otherAdmin)).status).toBe(404);
    const res = await t.fastify.inject({ url: `/ztj-iot${url}`, headers: { 'x-access-token': f.viewer } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[0-9a-f]{32}\.(txt|pdf|csv)"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('an image: inline for its own tenant (nosniff, CSP), hidden from another tenant, also by a roundabout path', async () => {
    const url = await store(f.otherAdmin, 'me.png', PNG, 'image/png', 'avatar');
    expect((await download(t, url)).status).toBe(401);
    expect((await download(t, url, f.viewer)).status).toBe(404);
    expect((await download(t, url.replace('/static/avatar/', '/static/import/../avatar/'), f.viewer)).status).toBe(404);
    expect((await download(t, url.replace('/static/avatar/', '/static/avatar//'), f.viewer)).status).toBe(404);
    const res = await t.fastify.inject({ url: `/ztj-iot${url}`, headers: { 'x-access-token': f.otherAdmin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it("an import's error file belongs to the importing tenant: 404 for another tenant's administrator", async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['用户账号', '用户姓名', '手机号码'],
        ['errfile01', 'Bad phone', '123'],
      ]),
      'S',
    );
    const content = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const res = await upload<{ fileUrl: string }>(t, '/sys/user/importExcel', f.admin, [
      { field: 'files[]', filename: 'u.xlsx', content },
    ]);
    expect(res).toMatchObject({ success: true, code: 201 });
    expect((await download(t, res.result.fileUrl, f.admin)).status).toBe(200);
    expect((await download(t, res.result.fileUrl, f.otherAdmin)).status).toBe(404);
    expect((await download(t, res.result.fileUrl)).status).toBe(401);
  });

  it('refuses a file that exists on disk without an owner', async () => {
    const rel = `file/${crypto.randomBytes(16).toString('hex')}.txt`;
    fs.mkdirSync(path.join(t.config.dataDir, 'files', 'file'), { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, 'files', rel), 'orphan');
    expect((await download(t, `/sys/common/static/${rel}`, f.viewer)).status).toBe(404);
  });
});

describe('console page content security policy', () => {
  const HANDLER = "this.onload=null;this.rel='stylesheet'";
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-csp-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    `<!doctype html><html><head><link rel="preload" as="style" href="./assets/a.css" onload="${HANDLER}"><style>body{margin:0}</style></head><body><div id="root"></div><script type="module" src="./assets/a.js"></script></body></html>`,
  );
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('sends a restrictive policy with the page that allows exactly its inline handler and the map tiles', async () => {
    const res = await t.fastify.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy'] ?? '');
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    );
    const hash = `'sha256-${crypto.createHash('sha256').update(HANDLER).digest('base64')}'`;
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'", "'unsafe-hashes'", hash]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives the API docs UI its own policy: inline styles allowed, never framed, usable over plain HTTP', async () => {
    const res = await t.fastify.inject({ url: '/ztj-iot/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
