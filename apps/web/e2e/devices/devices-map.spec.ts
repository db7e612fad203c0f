import { signInToDemoTenant } from './demoServer';
import { expect, test } from '../demoTest';
import { nextFrames } from '../helpers';

/**
 * The device map (SPEC §2 device area "map") against the demo fleet on the worker's demo-mode
 * server: markers appear on the blank background (tiles are refused), move with live readings, a
 * marker's popup shows values and links to the device detail; filters reach an empty state; the
 * page fits a 375 px phone.
 */

test('device map: markers appear and move live, a popup links to the detail, filters and phone width', async ({
  page,
  demoBase,
}) => {
  test.setTimeout(120_000);
  await signInToDemoTenant(page, demoBase);

  await page.goto(`${demoBase}/#/device/map`);
  const map = page.getByTestId('device-map');
  await expect(map).toBeVisible({ timeout: 20_000 });
  const markers = map.locator('.ztj-device-marker');
  await expect.poll(() => markers.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('map-summary')).toContainText(/地图上 \d+ 台设备/);

  await expect(page.getByTestId('live-state')).toContainText('实时更新中');

  // Bring every marker into view; after that the view stays put (no refit on live updates), so a
  // marker that moves on screen moved on the ground (some vehicle is always driving). The simulator replays at 60x: within seconds,
  // well before the 30 s safety refetch, so only the live WebSocket can move it.
  // (with reduced motion the fit is not animated: it is done once the page has drawn its next frames)
  await page.getByTestId('map-fit').click();
  await nextFrames(page);
  const places = (): Promise<string> =>
    markers.evaluateAll((els) =>
      els.map((e) => `${e.getAttribute('title')}@${(e as HTMLElement).style.transform}`).join(' '),
    );
  const before = await places();
  await expect.poll(places, { timeout: 15_000, intervals: [500] }).not.toBe(before);

  await page.getByTestId('map-fit').click();
  const vehicle = map.locator('.ztj-device-marker[title="SIM-VH-001"]');
  const popup = page.getByTestId('map-popup');
  // the fit is not animated (reduced motion); a marker moved by a live reading between the click's
  // aim and its landing is caught by Playwright's hit-target check, which aims again
  await vehicle.click();
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('SIM-VH-001');
  await expect(popup.getByTestId('map-popup-values')).toContainText('°C');
  const time = popup.getByTestId('map-popup-time');
  await expect(time).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  // The open popup follows the live readings too.
  const opened = await time.innerText();
  await expect.poll(() => time.innerText(), { timeout: 15_000, intervals: [500] }).not.toBe(opened);
  const link = popup.getByTestId('map-popup-detail');
  await expect(link).toHaveAttribute('href', '#/device/detail/SIM-VH-001');
  await link.click();
  await expect(page.getByTestId('device-detail')).toBeVisible();
  await expect(page).toHaveURL(/#\/device\/detail\/SIM-VH-001/);

  // A name nobody has: the empty state, no map.
  await page.goto(`${demoBase}/#/device/map`);
  await expect(page.getByTestId('device-map').locator('.ztj-device-marker').first()).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('map-filter-name').locator('input').fill('no-such-device-name');
  await page.getByTestId('map-filter-name').locator('input').press('Enter');
  await expect(page.getByTestId('map-empty')).toContainText('没有符合条件且有位置的设备');

  // On a phone the page does not scroll sideways and the map keeps a usable height.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: /重\s*置/ }).click();
  const phoneMap = page.getByTestId('device-map');
  await expect(phoneMap.locator('.ztj-device-marker').first()).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect((await phoneMap.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(300);
});
