import { type Locator } from '@playwright/test';
import { signInToDemoTenant } from '../devices/demoServer';
import { expect, test } from '../demoTest';
import { noSidewaysScroll } from '../helpers';

/**
 * Settings → points and paths against the worker's demo-mode server: a
 * location placed by clicking the map (a radius of 0 and a two-corner polygon are refused on their
 * fields first), a route with
 * origin, two waypoints and destination placed by clicks, the demo routes built from the real
 * tracks, and no sideways scroll at 375 px. Map tiles are refused: the map draws on its blank
 * background and clicks still place positions.
 */
const suffix = (): string => Date.now().toString(36).slice(-5);

/** The input of an antd number box (the test id sits on the input or on its wrapper). */
const inputOf = (box: Locator): Locator => box.locator('xpath=self::input | .//input').first();

/** Clicks the map at a point given as fractions of its size. */
async function clickMap(map: Locator, fx: number, fy: number): Promise<void> {
  const box = await map.boundingBox();
  if (!box) throw new Error('map not visible');
  await map.click({ position: { x: box.width * fx, y: box.height * fy } });
}

test('a location placed by clicking the map, with a polygon fence; a radius of 0 and two corners are refused on their fields', async ({
  page,
  demoBase,
}) => {
  test.setTimeout(120_000);
  await signInToDemoTenant(page, demoBase, 'en-US');
  await page.goto(`${demoBase}/#/settings/points`);
  const list = page.getByTestId('points');
  await expect(list.getByText('Hub depot')).toBeVisible();

  await page.getByTestId('list-add').click();
  const form = page.getByTestId('point-form');
  await expect(form).toBeVisible();
  const name = `Cold store ${suffix()}`;
  await form.getByTestId('point-name').fill(name);
  await clickMap(page.getByTestId('point-map'), 0.5, 0.5);
  await expect(inputOf(form.getByTestId('point-lat'))).not.toHaveValue('');
  await inputOf(form.getByTestId('point-radius')).fill('0');
  await page.getByTestId('point-save').click();
  await expect(form.getByText('The fence radius must be greater than 0 and at most 1000 km')).toBeVisible();

  await inputOf(form.getByTestId('point-radius')).fill('250');
  // a polygon fence needs 3 corners: two are refused on the field, the third is accepted
  await page.getByTestId('point-click-mode').getByText('Polygon corners').click();
  const map = page.getByTestId('point-map');
  await clickMap(map, 0.45, 0.45);
  await clickMap(map, 0.55, 0.45);
  await page.getByTestId('point-save').click();
  await expect(form.getByText('A polygon fence needs at least 3 corners')).toBeVisible();
  await clickMap(map, 0.5, 0.55);
  await expect(page.getByTestId('point-corners')).toContainText('3');
  await page.getByTestId('point-save').click();
  await expect(page.getByText('Location saved')).toBeVisible();
  const row = list.locator('tr', { hasText: name });
  await expect(row).toContainText('250');
  await expect(row).toContainText('On');
});

test('a route with two waypoints placed by clicks; the demo routes from the real tracks', async ({
  page,
  demoBase,
}) => {
  test.setTimeout(120_000);
  await signInToDemoTenant(page, demoBase, 'en-US');
  await page.goto(`${demoBase}/#/settings/paths`);
  const list = page.getByTestId('paths');
  await expect(list.getByText('T1 枢纽环线 Hub loop')).toBeVisible();
  await expect(list.locator('tr', { hasText: 'T3 市区→枢纽 City store to hub' })).toContainText(
    '市区门店 City store → 枢纽配送中心 Hub depot',
  );

  await page.getByTestId('list-add').click();
  const form = page.getByTestId('path-form');
  await expect(form).toBeVisible();
  const name = `Night run ${suffix()}`;
  await form.getByTestId('path-name').fill(name);
  const map = page.getByTestId('path-map');
  await clickMap(map, 0.2, 0.3); // origin
  await clickMap(map, 0.8, 0.7); // destination
  await clickMap(map, 0.4, 0.4); // waypoint 1
  await clickMap(map, 0.6, 0.5); // waypoint 2
  await expect(page.getByTestId('path-waypoint-1')).toBeVisible();
  await expect(inputOf(form.getByTestId('path-origin-lat'))).not.toHaveValue('');
  await expect(inputOf(form.getByTestId('path-destination-lng'))).not.toHaveValue('');
  await expect(map.locator('.ztj-place-pin')).toHaveCount(4);
  // the radius of 0 first
  await inputOf(form.getByTestId('path-radius')).fill('0');
  await page.getByTestId('path-save').click();
  await expect(form.getByText('The fence radius must be greater than 0 and at most 1000 km')).toBeVisible();
  await inputOf(form.getByTestId('path-radius')).fill('500');
  await page.getByTestId('path-save').click();
  await expect(page.getByText('Route saved')).toBeVisible();
  await expect(list.locator('tr', { hasText: name })).toContainText('500');
  // the first notice goes away, so the one after the second save is its own
  await expect(page.getByText('Route saved')).toHaveCount(0, { timeout: 15_000 });

  // reopen: two waypoints stored in order; remove one
  await list.locator('tr', { hasText: name }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByTestId('path-waypoint-1')).toBeVisible();
  await page.getByTestId('path-waypoint-0-remove').click();
  await expect(page.getByTestId('path-waypoint-1')).toHaveCount(0);
  await page.getByTestId('path-save').click();
  await expect(page.getByText('Route saved')).toBeVisible();
});

test('at 375 px the lists and the editors do not scroll sideways', async ({ page, demoBase }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signInToDemoTenant(page, demoBase, 'zh-CN');
  await page.goto(`${demoBase}/#/settings/points`);
  await expect(page.getByTestId('points').getByText('Hub depot')).toBeVisible();
  await noSidewaysScroll(page);
  await page.goto(`${demoBase}/#/settings/paths`);
  await expect(page.getByTestId('paths').getByText('Hub loop')).toBeVisible();
  await noSidewaysScroll(page);
  await page.getByTestId('list-add').click();
  await expect(page.getByTestId('path-form')).toBeVisible();
  await noSidewaysScroll(page);
});
