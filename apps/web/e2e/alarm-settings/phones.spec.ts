import { type Page } from '@playwright/test';
import { signInToDemoTenant } from '../devices/demoServer';
import { expect, test } from '../demoTest';

/**
 * The alarm settings screens at 375 px in both languages against the demo tenant's seeded rules
 * (templates, the on-duty group, the warehouse scene): every screen opens, neither the page nor a
 * table scrolls sideways, the condition editor and the wizard stack. With ALARM_SETTINGS_SHOTS=<dir>
 * each screen is also saved as a PNG there.
 */
const SHOTS = process.env.ALARM_SETTINGS_SHOTS;

async function fits(page: Page, name: string, lang: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${lang}-375.png`, fullPage: true });
  const sideways = await page.evaluate(() => {
    const doc = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const tables = [...document.querySelectorAll<HTMLElement>('.ant-table-content')]
      .filter((e) => e.offsetParent)
      .map((e) => e.scrollWidth - e.clientWidth);
    return Math.max(doc, 0, ...tables);
  });
  expect(sideways, `${name}: sideways scroll at 375 px`).toBeLessThanOrEqual(0);
}

for (const lang of ['zh-CN', 'en-US'] as const) {
  test(`alarm settings screens fit a 375 px phone (${lang})`, async ({ page, demoBase }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 812 });
    await signInToDemoTenant(page, demoBase, lang);

    await page.goto(`${demoBase}/#/settings/templates`);
    await expect(page.getByTestId('rule-templates').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await fits(page, 'templates', lang);
    await page.getByTestId('list-add').click();
    await expect(page.getByTestId('condition-0')).toBeVisible();
    await page.getByTestId('condition-add').click();
    await expect(page.getByTestId('condition-1')).toBeVisible();
    await fits(page, 'template-editor', lang);
    await page.keyboard.press('Escape');

    await page.goto(`${demoBase}/#/settings/usergroups`);
    await expect(page.getByTestId('user-groups').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await fits(page, 'groups', lang);

    await page.goto(`${demoBase}/#/scene/list`);
    const scenes = page.getByTestId('scenes');
    await expect(scenes.locator('tbody tr.ant-table-row a').first()).toBeVisible();
    await fits(page, 'scenes', lang);
    await scenes.locator('tbody tr.ant-table-row a').first().click();
    await expect(page.getByTestId('scene-detail')).toBeVisible();
    await fits(page, 'scene-detail', lang);
    const id = decodeURIComponent(page.url().split('/').pop() ?? '');
    await page.goto(`${demoBase}/#/scene/params/${encodeURIComponent(id)}`);
    await expect(page.getByTestId('scene-params').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await fits(page, 'scene-params', lang);
    await page.goto(`${demoBase}/#/scene/edit/${encodeURIComponent(id)}`);
    await expect(page.getByTestId('scene-name')).not.toHaveValue('');
    await fits(page, 'scene-step1', lang);
    await page.getByTestId('scene-next').click();
    await expect(page.getByTestId('condition-0')).toBeVisible();
    await fits(page, 'scene-step2', lang);
    await page.getByTestId('scene-next').click();
    await expect(page.getByTestId('action-raise')).toBeVisible();
    await fits(page, 'scene-step3', lang);

    await page.goto(`${demoBase}/#/push/list`);
    await expect(page.getByTestId('push-channels')).toBeVisible();
    await fits(page, 'push', lang);
  });
}
