import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAODE_MAP_TILE_URL, MAP_TILE_PRESETS, type MapTilesConfig } from '@ztj/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ConfigError, loadConfig } from '../config/config';
import { consoleCsp } from './console-csp';

const PAGE =
  '<!doctype html><html><head></head><body><div id="root"></div><script type="module" src="./assets/a.js"></script></body></html>';

/** The img-src directive of a policy, as a list of sources. */
function imgSrc(csp: string): string[] {
  return csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([k]) => k === 'img-src')!
    .slice(1);
}

describe('MAP_TILES (server configuration)', () => {
  it('defaults to OpenStreetMap and takes gaode, offline, lists and custom templates', () => {
    expect(loadConfig({}).mapTiles).toEqual({ defaultChoice: 'osm', sources: [MAP_TILE_PRESETS.osm] });
    expect(loadConfig({ MAP_TILES: 'gaode' }).mapTiles).toEqual({
      defaultChoice: 'gaode',
      sources: [MAP_TILE_PRESETS.gaode],
    });
    expect(loadConfig({ MAP_TILES: 'offline' }).mapTiles).toEqual({ defaultChoice: 'offline', sources: [] });
    expect(loadConfig({ MAP_TILES: 'gaode,osm' }).mapTiles.sources.map((s) => s.id)).toEqual(['gaode', 'osm']);
    const custom = loadConfig({
      MAP_TILES: 'https://t.example.com/{z}/{x}/{y}.png',
      MAP_TILES_ATTRIBUTION: '© T',
      MAP_TILES_COORD: 'gcj02',
    }).mapTiles;
    expect(custom.sources[0]).toMatchObject({ id: 'custom', attribution: '© T', coords: 'gcj02' });
  });

  it('still honours the former build-time VITE_MAP_TILE_URL when MAP_TILES is unset', () => {
    expect(loadConfig({ VITE_MAP_TILE_URL: 'none' }).mapTiles).toEqual({ defaultChoice: 'offline', sources: [] });
    expect(
      loadConfig({ VITE_MAP_TILE_URL: 'https://{s}.t.example.com/{z}/{x}/{y}.png', VITE_MAP_TILE_SUBDOMAINS: 'ab' })
        .mapTiles.sources[0],
    ).toMatchObject({ id: 'custom', subdomains: 'ab' });
    expect(loadConfig({ VITE_MAP_TILE_URL: 'none', MAP_TILES: 'gaode' }).mapTiles.defaultChoice).toBe('gaode');
  });

  it('stops start-up naming the variable for an unusable value', () => {
    expect(() => loadConfig({ MAP_TILES: 'google' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAP_TILES: 'google' })).toThrow(/MAP_TILES: "google" is not osm, gaode, offline/);
    expect(() => loadConfig({ MAP_TILES: 'https://t.example.com/tiles.png' })).toThrow(
      /MAP_TILES: a tile template needs/,
    );
    expect(() => loadConfig({ MAP_TILES: 'osm', MAP_TILES_COORD: 'bd09' })).toThrow(/MAP_TILES_COORD:/);
    expect(() => loadConfig({ VITE_MAP_TILE_URL: 'ftp://x' })).toThrow(/VITE_MAP_TILE_URL:/);
  });
});

describe('console CSP img-src follows the map tile sources', () => {
  const csp = (value: string): string[] => imgSrc(consoleCsp(PAGE, loadConfig({ MAP_TILES: value }).mapTiles.sources));
  it('allows exactly the configured hosts', () => {
    expect(csp('osm')).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(csp('gaode')).toEqual(["'self'", 'data:', 'blob:', 'https://*.is.autonavi.com']);
    expect(csp('gaode,osm')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.is.autonavi.com',
      'https://tile.openstreetmap.org',
    ]);
    expect(csp('https://{s}.tiles.example.com/{z}/{x}/{y}.png')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.tiles.example.com',
    ]);
    expect(csp('/tiles/{z}/{x}/{y}.png')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp('offline')).toEqual(["'self'", 'data:', 'blob:']);
  });
});

describe('a server with MAP_TILES=gaode', () => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ztj-map-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), PAGE);
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIR: webDir, MAP_TILES: 'gaode' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('tells the console (public loginConfig call) that Gaode in GCJ-02 is the source', async () => {
    const res = await t.call<{ captchaEnabled: boolean; mapTiles: MapTilesConfig }>('GET', '/sys/loginConfig');
    expect(res.status).toBe(200);
    expect(res.body.result.mapTiles).toEqual({
      defaultChoice: 'gaode',
      sources: [
        {
          id: 'gaode',
          url: GAODE_MAP_TILE_URL,
          attribution: expect.any(String) as string,
          subdomains: '1234',
          coords: 'gcj02',
        },
      ],
    });
  });

  it('sends the console page with the AutoNavi tile hosts allowed, and no other tile host', async () => {
    const res = await t.fastify.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(imgSrc(String(res.headers['content-security-policy']))).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.is.autonavi.com',
    ]);
  });
});
