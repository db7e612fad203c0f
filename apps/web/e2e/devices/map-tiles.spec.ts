import { type Locator, type Page } from '@playwright/test';
import { signInToDemoTenant } from './demoServer';
import { expect, test } from '../demoTest';

/**
 * Maps without internet and the run-time tile switch, on a demo server of this file's own that
 * offers OpenStreetMap and Gaode (`MAP_TILES=osm,gaode`: the other files' maps have no tiles)
 * while every request off 127.0.0.1 is refused: the offline Natural Earth basemap draws land and coastlines around the vehicles (Rabat),
 * the layer switch changes the tiles and the choice survives a reload; the track tab has the basemap too.
 */
test.use({ demoServerNeeds: { own: 'map-tiles', env: { MAP_TILES: 'osm,gaode' } } });

/** Pixels of the basemap canvas painted with the land colour (#f6f4ef) and with the coast colour (#8fadc6). */
function basemapPixels(map: Locator): Promise<{ land: number; coast: number }> {
  return map.locator('.leaflet-ztj-basemap-pane canvas').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d');
    if (!ctx || canvas.width === 0) return { land: 0, coast: 0 };
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let land = 0;
    let coast = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a > 200 && Math.abs(r - 246) < 4 && Math.abs(g - 244) < 4 && Math.abs(b - 239) < 4) land++;
      if (a > 100 && b > r + 30 && b > 150) coast++;
    }
    return { land, coast };
  });
}

/** Hosts of the tile images the map asked for. */
function tileHosts(map: Locator): Promise<string[]> {
  return map
    .locator('.leaflet-tile-pane img')
    .evaluateAll((imgs) => [
      ...new Set(imgs.map((i) => new URL((i as HTMLImageElement).src).host.replace(/^webrd0\d/, 'webrd0*'))),
    ]);
}

async function openDeviceMap(page: Page, base: string): Promise<Locator> {
  await page.goto(`${base}/#/device/map`);
  const map = page.getByTestId('device-map');
  await expect(map.locator('.ztj-device-marker').first()).toBeVisible({ timeout: 30_000 });
  await expect(map.locator('.leaflet-container')).toHaveAttribute('data-basemap', 'ready', { timeout: 20_000 });
  return map;
}

test('device map without internet: offline basemap under the vehicles, tile switch kept after reload, track tab', async ({
  page,
  demoBase,
}) => {
  test.setTimeout(150_000);
  await signInToDemoTenant(page, demoBase);
  let map = await openDeviceMap(page, demoBase);
  // default source: OpenStreetMap; its tiles are refused here, so the map says so and the basemap
  // shows through, fitted out to where the coast (1:10m land from zoom 8) is in view
  await expect(map).toHaveAttribute('data-map-source', 'osm');
  await expect.poll(() => tileHosts(map)).toEqual(['tile.openstreetmap.org']);
  await expect(map).toHaveAttribute('data-tiles', 'failing');
  await expect(map.getByTestId('map-tiles-failing')).toHaveText('在线地图无法加载，显示离线底图');
  await page.getByTestId('map-fit').click();
  await expect(map.locator('.leaflet-container')).toHaveAttribute('data-basemap-land', '10m', { timeout: 20_000 });
  await expect.poll(() => basemapPixels(map).then((p) => p.land), { timeout: 15_000 }).toBeGreaterThan(2_000);
  await expect.poll(() => basemapPixels(map).then((p) => p.coast), { timeout: 15_000 }).toBeGreaterThan(20);
  await expect(map.locator('.leaflet-control-attribution')).toContainText('Natural Earth');
  const sw = map.getByTestId('map-source-switch');
  await expect(sw).toContainText('离线');
  await expect(sw).toContainText('高德');

  await sw.getByTestId('map-source-gaode').click();
  await expect(map).toHaveAttribute('data-map-source', 'gaode');
  await expect.poll(() => tileHosts(map)).toEqual(['webrd0*.is.autonavi.com']);
  await expect(page.getByText('坐标已转换为GCJ-02')).toBeVisible();

  await page.reload();
  map = await openDeviceMap(page, demoBase);
  await expect(map).toHaveAttribute('data-map-source', 'gaode');

  await map.getByTestId('map-source-offline').click();
  await expect(map).toHaveAttribute('data-map-source', 'offline');
  await expect(map).toHaveAttribute('data-tiles', 'none');
  await expect(map.locator('.leaflet-tile-pane img')).toHaveCount(0);
  await expect(map.getByTestId('map-tiles-failing')).toHaveCount(0);
  await page.reload();
  map = await openDeviceMap(page, demoBase);
  await expect(map).toHaveAttribute('data-map-source', 'offline');
  await expect(map.locator('.leaflet-tile-pane img')).toHaveCount(0);
  await expect.poll(() => basemapPixels(map).then((p) => p.land), { timeout: 15_000 }).toBeGreaterThan(2_000);

  // the track tab's map has the same basemap and the same choice
  await page.goto(`${demoBase}/#/device/detail/SIM-VH-001`);
  await page.getByTestId('device-detail').getByRole('tab', { name: '轨迹' }).click();
  const track = page.getByTestId('track-map');
  await expect(track.locator('path.ztj-track-line')).toBeVisible({ timeout: 20_000 });
  await expect(track).toHaveAttribute('data-map-source', 'offline');
  await expect(track.locator('.leaflet-container')).toHaveAttribute('data-basemap', 'ready', { timeout: 20_000 });
  await expect.poll(() => basemapPixels(track).then((p) => p.land), { timeout: 15_000 }).toBeGreaterThan(2_000);
});
