import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { openSocket } from '../../../test/ws-client';

describe('console WebSocket /websocket/{userId}', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.fastify.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.fastify.server.address() as AddressInfo).port}/ztj-iot/websocket`;
    token = await t.login();
    userId = (await t.db.one<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'admin'`))!.id;
  });
  afterAll(() => t.close());

  const open = openSocket;

  it('accepts the token as subprotocol, answers the heartbeat and delivers pushes', async () => {
    const ws = await open(`${base}/${userId}`, token);
    const messages: unknown[] = [];
    ws.on('message', (m) => messages.push(JSON.parse(m.toString())));
    ws.send(JSON.stringify({ cmd: 'heartcheck' }));
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]).toEqual({ cmd: 'heartcheck', msgTxt: 'heartcheck' });
    t.hub.toUser(userId, { cmd: 'user', msgId: 'm1', msgTxt: 'hello' });
    await expect.poll(() => messages.length).toBe(2);
    expect(messages[1]).toEqual({ cmd: 'user', msgId: 'm1', msgTxt: 'hello' });
    ws.close();
  });

  it('refuses a missing or forged token and another user id at the handshake', async () => {
    await expect(open(`${base}/${userId}`)).rejects.toThrow('HTTP 401');
    await expect(open(`${base}/${userId}`, 'forged-token')).rejects.toThrow('HTTP 401');
    await expect(open(`${base}/someone-else`, token)).rejects.toThrow('HTTP 403');
  });
});
