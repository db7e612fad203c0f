import { type Locator } from '@playwright/test';
import { signInToDemoTenant } from '../devices/demoServer';
import { expect, test } from '../demoTest';
import { selectByTitle } from '../helpers';

/**
 * Position conditions in the rule template editor against the worker's demo-mode server, whose
 * seed has the demo locations and routes of the real tracks: a template with
 * "leaves the Hub depot", "more than 500 m off the Hub loop" and overspeed as a threshold on speed
 * P013 is written with the location / route pickers, saved, and listed with the places' names; the
 * editor's position row fits a 375 px phone in Chinese.
 */
const suffix = (): string => Date.now().toString(36).slice(-5);

/** Chooses `option` in the antd Select holding `select` (see `selectByTitle`). */
const choose = selectByTitle;

/** The input of an antd number box (the test id sits on the input or on its wrapper). */
const inputOf = (box: Locator): Locator => box.locator('xpath=self::input | .//input').first();

test('a template with a geofence, a route deviation and overspeed, written with the pickers', async ({
  page,
  demoBase,
}) => {
  test.setTimeout(120_000);
  await signInToDemoTenant(page, demoBase, 'en-US');
  await page.goto(`${demoBase}/#/settings/templates`);
  await expect(page.getByTestId('rule-templates')).toBeVisible();
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('template-form');
  await expect(form).toBeVisible();
  const name = `Depot ${suffix()}`;
  await form.getByTestId('template-name').fill(name);

  // condition 0: leaves the Hub depot (saving without a location is refused on that field first)
  const c0 = form.getByTestId('condition-0');
  await choose(page, c0.getByTestId('condition-0-type'), 'Geofence');
  await page.getByTestId('template-save').click();
  await expect(c0.getByText(/required/i).first()).toBeVisible();
  await choose(page, c0.getByTestId('condition-0-locationId'), /Hub depot/);
  await choose(page, c0.getByTestId('condition-0-effect'), 'Leaves the fence');
  await expect(c0.getByTestId('condition-0-effect')).toContainText('Leaves the fence');

  // condition 1: more than 500 m (the default corridor) off the Hub loop
  await form.getByTestId('condition-add').click();
  const c1 = form.getByTestId('condition-1');
  await choose(page, c1.getByTestId('condition-1-type'), 'Route deviation');
  await choose(page, c1.getByTestId('condition-1-routeId'), /Hub loop/);
  await expect(inputOf(c1.getByTestId('condition-1-corridorM'))).toHaveValue('500');

  // condition 2: overspeed is a threshold on speed P013
  await form.getByTestId('condition-add').click();
  const c2 = form.getByTestId('condition-2');
  await choose(page, c2.getByTestId('condition-2-param'), /Speed \(km\/h\)/);
  await inputOf(c2.getByTestId('condition-2-value')).fill('90');

  await page.getByTestId('template-save').click();
  await expect(page.getByText('Rule template saved')).toBeVisible();
  const row = page.getByTestId('rule-templates').locator('tr', { hasText: name });
  await expect(row).toContainText(
    'Leaves 枢纽配送中心 Hub depot; More than 500 m off route T1 枢纽环线 Hub loop; Speed above 90 km/h',
  );
});

test('the position row of the editor fits a 375 px phone (zh-CN)', async ({ page, demoBase }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await signInToDemoTenant(page, demoBase, 'zh-CN');
  await page.goto(`${demoBase}/#/settings/templates`);
  await page.getByTestId('list-add').click();
  const c0 = page.getByTestId('template-form').getByTestId('condition-0');
  await choose(page, c0.getByTestId('condition-0-type'), '电子围栏');
  await expect(c0.getByText('围栏动作')).toBeVisible();
  await choose(page, c0.getByTestId('condition-0-locationId'), /Hub depot/);
  if (process.env.ALARM_SETTINGS_SHOTS)
    await page.screenshot({
      path: `${process.env.ALARM_SETTINGS_SHOTS}/position-condition-zh-CN-375.png`,
      fullPage: true,
    });
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBeLessThanOrEqual(0);
});
