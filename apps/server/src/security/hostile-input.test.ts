// @fresh-process: it times /health while the server takes hostile bodies; a shared worker's leftover heap would time its garbage collection instead
import {
  API_JSON_LIMITS,
  JSON_REFUSAL_MESSAGE,
  formatMessage,
  routePath,
  type ApiResponse,
  type JsonLimits,
  type RouteDef,
} from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LivenessProbe, apiHostile, objectWith, type HostileKind } from '../../test/hostile-inputs';
import { jsonOf, routeTable, sample } from '../../test/route-table';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * the API side: every route of the contracts' route table that takes a body
 * gets each hostile kind (deep nesting, huge arrays, strings and objects, duplicate and prototype
 * keys, invalid UTF-8, 1e309) in a body field, and the largest values within the bounds in every
 * body field. Every request is answered within 1 s; the refused kinds with the envelope's 400 and
 * the bound's translated message; a parallel `/health` probe over real HTTP never waits more than
 * 100 ms. A route added to the contracts joins the sweep by itself. Device topics and HTTP ingest:
 * hostile-device.test.ts.
 */

interface Sent {
  kind: HostileKind;
  limits: JsonLimits;
  what: string;
  method: string;
  url: string;
  /** Built when sent (3,500 bodies of up to 1 MiB would not be held at once). */
  payload: () => Buffer;
}

/** The body keys of a route (its schema's top-level properties), or a made-up key. */
function bodyKeys(def: RouteDef): { keys: string[]; rest: Record<string, unknown> } {
  const schema = jsonOf(def.body);
  const rest = (schema ? sample(schema) : {}) as Record<string, unknown>;
  const keys = Object.keys((schema?.properties ?? {}) as object);
  return {
    keys: keys.length ? keys : ['x'],
    rest: rest && typeof rest === 'object' && !Array.isArray(rest) ? rest : {},
  };
}

/** The hostile requests of one route: refused kinds in its first body field, the others in every field. */
function requestsOf(def: RouteDef): Sent[] {
  const params = (def.params ? sample(jsonOf(def.params)) : {}) as Record<string, string>;
  const url = `/ztj-iot${routePath(def.path, params).replace('*', 'x')}`;
  const { keys, rest } = bodyKeys(def);
  const limits = { ...API_JSON_LIMITS, ...def.jsonLimits };
  const out: Sent[] = [];
  for (const kind of apiHostile(limits)) {
    for (const key of kind.refusal ? keys.slice(0, 1) : keys) {
      const others = Object.fromEntries(Object.entries(rest).filter(([k]) => k !== key));
      // the duplicate key kind names the route's own field twice
      const payload = (): Buffer =>
        kind.name === 'duplicate keys'
          ? objectWith(key, Buffer.from('1'), JSON.stringify({ ...others, [key]: 2 }))
          : objectWith(key, kind.value, JSON.stringify(others));
      out.push({
        kind,
        limits,
        what: `${def.method} ${def.path} ${key}: ${kind.name}`,
        method: def.method,
        url,
        payload,
      });
    }
  }
  return out;
}

describe('hostile JSON bodies over the route table', () => {
  let t: TestApp;
  let token: string;
  let probe: LivenessProbe;
  let healthUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
    healthUrl = `${await t.fastify.listen({ port: 0, host: '127.0.0.1' })}/ztj-iot/health`;
  });
  afterAll(async () => {
    await probe?.stop();
    await t?.close();
  });

  it('answers every hostile body within 1 s, refusing out-of-bounds ones by their bound, while /health answers within 100 ms', async () => {
    const defs = routeTable().filter((d) => d.body && d.method !== 'GET' && !d.path.startsWith('/ingest/'));
    const requests = defs.flatMap(requestsOf);
    probe = await LivenessProbe.start(healthUrl);
    const problems: string[] = [];
    const table: string[] = [];
    for (const name of apiHostile(API_JSON_LIMITS).map((k) => k.name)) {
      probe.take();
      let slowest = 0;
      let n = 0;
      for (const r of requests.filter((x) => x.kind.name === name)) {
        const { kind, limits } = r;
        const payload = r.payload();
        const t0 = performance.now();
        const res = await t.fastify.inject({
          method: r.method as 'POST',
          url: r.url,
          payload,
          headers: { 'x-access-token': token, 'content-type': 'application/json', 'accept-language': 'en-US' },
        });
        const ms = performance.now() - t0;
        slowest = Math.max(slowest, ms);
        n++;
        if (ms > 1000) problems.push(`${r.what}: answered in ${Math.round(ms)} ms`);
        if (res.statusCode >= 500) problems.push(`${r.what}: HTTP ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (kind.refusal) {
          const key = JSON_REFUSAL_MESSAGE[kind.refusal];
          const max = {
            tooDeep: limits.maxDepth,
            tooManyItems: limits.maxArrayItems,
            tooManyKeys: limits.maxObjectKeys,
            stringTooLong: limits.maxStringBytes,
          }[kind.refusal as string];
          const expected = formatMessage(key, 'en-US', max !== undefined ? { max } : {});
          const body = res.json() as ApiResponse<unknown>;
          if (body.code !== 400 || body.message !== expected)
            problems.push(`${r.what}: ${res.statusCode} ${body.code} ${body.message} (expected 400 ${expected})`);
        }
        if (res.statusCode === 401) token = await t.login();
      }
      const seen = probe.take();
      table.push(
        `${name}: ${n} requests, slowest ${Math.round(slowest)} ms, /health waited ≤ ${seen.maxWaitMs} ms over ${seen.probes} probes, event loop held ≤ ${seen.maxLoopDelayMs} ms`,
      );
      if (seen.maxWaitMs > 100) problems.push(`${name}: /health waited ${seen.maxWaitMs} ms`);
      expect(seen.probes, name).toBeGreaterThan(0);
    }
    console.info(`hostile bodies: ${defs.length} routes, ${requests.length} requests\n${table.join('\n')}`);
    expect(problems).toEqual([]);
    expect(defs.length).toBeGreaterThan(100);
  });
});
