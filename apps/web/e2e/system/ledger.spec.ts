import { expect, test } from '@playwright/test';
import { chooseTenantIfAsked, shotsAt, submitLogin, useLanguage } from '../helpers';

/**
 * Record integrity end to end: an administrator of the demo tenant opens the
 * page from the system menu's route, the verification of the tenant's hash chains says "intact" for every chain, and
 * verifying again answers again; in both languages, at 1280 and 375 px (no sideways scroll).
 * Screenshots go to $LEDGER_SHOTS (default /tmp/ledger-shots).
 */
const SHOTS = process.env.LEDGER_SHOTS ?? '/tmp/ledger-shots';

for (const [lang, intact, again] of [
  ['zh-CN', '完好', '重新校验'],
  ['en-US', 'Intact', 'Verify again'],
] as const) {
  test(`says intact for every chain of the tenant (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await useLanguage(page, lang);
    await page.setViewportSize({ width: 1280, height: 860 });
    // the demo tenant (the admin's last one), where the simulator's readings are chained
    await page.goto('/#/user/login');
    await submitLogin(page);
    await chooseTenantIfAsked(page, 'last');
    await page.goto('/#/system/ledger');
    const status = page.getByTestId('ledger-status');
    await expect(status).toHaveAttribute('data-state', 'intact', { timeout: 30_000 });
    await expect(status).toContainText(intact);
    for (const chain of ['telemetry', 'alarmRecord', 'report', 'audit']) {
      await expect(page.getByTestId(`ledger-chain-${chain}`)).toHaveAttribute('data-state', 'intact');
    }
    const answered = page.waitForResponse((r) => r.url().includes('/sys/ledger/verify') && r.status() === 200, {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: again }).click();
    expect(((await (await answered).json()) as { result: { intact: boolean } }).result.intact).toBe(true);
    await expect(status).toHaveAttribute('data-state', 'intact');
    await shotsAt(page, SHOTS, `ledger-${lang}`);
  });
}
