import { type Locator, type Page } from '@playwright/test';
import { signInToDemoTenant } from '../devices/demoServer';
import { expect, test } from '../demoTest';
import { selectByTitle } from '../helpers';

/**
 * Settings → rule templates, user groups and scenes against the worker's demo-mode server
 * (devices SIM-… of the demo tenant): a template with a threshold and a
 * duration condition written in the condition editor (a "between" whose end is not above its start
 * is refused on its field before anything is sent), bound to a device; a user group whose contact
 * has no phone, e-mail or openid is refused on that member; a scene through its three steps; a
 * flag condition on another on/off parameter (plug overload P064) saved and reopened unchanged.
 */
const suffix = (): string => Date.now().toString(36).slice(-5);

/** Chooses `option` in the antd Select holding `select` (see `selectByTitle`). */
const choose = selectByTitle;

/** Picks one device in the device picker opened from `scope` (searched by its number). */
async function pickDevice(page: Page, scope: Locator, id: string): Promise<void> {
  await scope.getByRole('button', { name: /Choose|选择/ }).click();
  const picker = page.locator('.ant-modal', { hasText: 'Choose devices' }).last();
  await picker.getByPlaceholder(/Search|搜索/).fill(id);
  await picker.getByPlaceholder(/Search|搜索/).press('Enter');
  await picker.getByRole('cell', { name: id, exact: true }).first().click();
  await picker.getByRole('button', { name: /OK|确\s*定/ }).click();
  await expect(picker).toBeHidden();
}

/** The input of an antd number box (the test id sits on the input or on its wrapper). */
const inputOf = (box: Locator): Locator => box.locator('xpath=self::input | .//input').first();

async function fillNumber(box: Locator, value: string): Promise<void> {
  await inputOf(box).fill(value);
}

test('a rule template with a threshold and a duration condition: field error, save, bind, count', async ({
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
  const name = `Frozen ${suffix()}`;
  await form.getByTestId('template-name').fill(name);

  // condition 0: temperature between -25 and -30 °C (end not above start) → field error
  const c0 = form.getByTestId('condition-0');
  await choose(page, c0.getByTestId('condition-0-comparison'), 'between');
  await fillNumber(c0.getByTestId('condition-0-value'), '-25');
  await fillNumber(c0.getByTestId('condition-0-valueMax'), '-30');
  await expect(c0.getByText('°C').first()).toBeVisible();

  // condition 1: a duration of 10 minutes over temperature above -15 °C
  await form.getByTestId('condition-add').click();
  const c1 = form.getByTestId('condition-1');
  await choose(page, c1.getByTestId('condition-1-type'), 'Duration');
  await fillNumber(c1.getByTestId('condition-1-minutes'), '10');
  await fillNumber(c1.getByTestId('condition-1-inner-value'), '-15');

  await page.getByTestId('template-save').click();
  await expect(c0.getByText('The end value must exceed the start value')).toBeVisible();

  await fillNumber(c0.getByTestId('condition-0-valueMax'), '-10');
  await page.getByTestId('template-save').click();
  await expect(page.getByText('Rule template saved')).toBeVisible();

  const list = page.getByTestId('rule-templates');
  const row = list.locator('tr', { hasText: name });
  await expect(row).toContainText('Temperature between -25 °C and -10 °C; Temperature above -15 °C for 10 min');
  await expect(row).toContainText('0 devices, 0 groups');

  // bind it to one demo device through the device picker
  await row.getByRole('button', { name: 'Bind' }).click();
  const bind = page.getByTestId('bind-form');
  await expect(bind).toBeVisible();
  await pickDevice(page, bind, 'SIM-TAG-001');
  await expect(bind.getByText('SIM-TAG-001').first()).toBeVisible();
  await page.getByTestId('bind-save').click();
  await expect(page.getByText('Bindings saved')).toBeVisible();
  await expect(row).toContainText('1 devices, 0 groups');

  // editing shows the stored conditions; a change of severity shows in the list
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(inputOf(form.getByTestId('condition-0-valueMax'))).toHaveValue('-10');
  await expect(inputOf(form.getByTestId('condition-1-minutes'))).toHaveValue('10');
  await choose(page, form.getByTestId('severity'), 'Urgent');
  await page.getByTestId('template-save').click();
  await expect(row.getByText('Urgent')).toBeVisible();

  // the server's own field error: the same name again lands on the name input
  await page.getByTestId('list-add').click();
  await form.getByTestId('template-name').fill(name);
  await fillNumber(form.getByTestId('condition-0').getByTestId('condition-0-value'), '8');
  await page.getByTestId('template-save').click();
  await expect(
    form
      .locator('.ant-form-item', { has: page.getByTestId('template-name') })
      .getByText('A rule template with this name already exists'),
  ).toBeVisible();
});

test('a flag condition on the plug overload P064: picked, worded in the list, kept when edited', async ({
  page,
  demoBase,
}) => {
  test.setTimeout(120_000);
  await signInToDemoTenant(page, demoBase, 'en-US');
  await page.goto(`${demoBase}/#/settings/templates`);
  await expect(page.getByTestId('rule-templates')).toBeVisible();
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('template-form');
  const name = `Overload ${suffix()}`;
  await form.getByTestId('template-name').fill(name);
  const c0 = form.getByTestId('condition-0');
  await choose(page, c0.getByTestId('condition-0-type'), 'Door');
  await expect(c0.getByTestId('condition-0-flag-param')).toContainText('Door open · P026');
  await choose(page, c0.getByTestId('condition-0-flag-param'), 'Overload · P064');
  await expect(c0.getByTestId('condition-0-effect')).toContainText('While true');
  await page.getByTestId('template-save').click();
  await expect(page.getByText('Rule template saved')).toBeVisible();
  const row = page.getByTestId('rule-templates').locator('tr', { hasText: name });
  await expect(row).toContainText('Overload while true');
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(form.getByTestId('condition-0-flag-param')).toContainText('Overload · P064');
  await page.getByTestId('template-save').click();
  await expect(page.getByText('Rule template saved').last()).toBeVisible();
  await expect(row).toContainText('Overload while true');
});

test('a user group contact without phone, e-mail or openid is refused on that member', async ({ page, demoBase }) => {
  test.setTimeout(90_000);
  await signInToDemoTenant(page, demoBase, 'en-US');
  await page.goto(`${demoBase}/#/settings/usergroups`);
  await expect(page.getByTestId('user-groups')).toBeVisible();
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('group-form');
  const name = `Night ${suffix()}`;
  await form.getByTestId('group-name').fill(name);
  await form.getByTestId('member-add-contact').click();
  await form.getByTestId('member-0-name').fill('Li Lei');
  await page.getByTestId('group-save').click();
  await expect(
    form.getByTestId('member-0').getByText('A recipient needs a phone number, an e-mail address or a WeChat account'),
  ).toBeVisible();
  await form.getByTestId('member-0-email').fill('lilei@example.com');
  await page.getByTestId('group-save').click();
  await expect(page.getByText('User group saved')).toBeVisible();
  await expect(page.getByTestId('user-groups').locator('tr', { hasText: name })).toContainText('Li Lei');
});

test('a scene through its three steps: devices, conditions, actions', async ({ page, demoBase }) => {
  test.setTimeout(120_000);
  await signInToDemoTenant(page, demoBase, 'en-US');
  await page.goto(`${demoBase}/#/scene/list`);
  await expect(page.getByTestId('scenes')).toBeVisible();
  await page.getByTestId('list-add').click();
  const wizard = page.getByTestId('scene-edit');
  await expect(wizard).toBeVisible();
  const name = `Truck ${suffix()}`;
  await wizard.getByTestId('scene-name').fill(name);
  // step 1 refuses to go on without a device
  await page.getByTestId('scene-next').click();
  await expect(wizard.getByText('Associate a device first')).toBeVisible();
  await pickDevice(page, wizard, 'SIM-WH-002');
  await page.getByTestId('scene-next').click();

  // step 2: the shared condition editor, temperature above 8 °C
  const c0 = wizard.getByTestId('condition-0');
  await expect(c0).toBeVisible();
  await fillNumber(c0.getByTestId('condition-0-value'), '8');
  await page.getByTestId('scene-next').click();

  // step 3: raise (default on) with urgent severity, push to users (default on), a period command
  // within the model's limits (a value out of them is refused on its field first)
  await expect(wizard.getByTestId('action-raise')).toBeVisible();
  await choose(page, wizard.getByTestId('severity'), 'Urgent');
  await wizard.getByTestId('action-command').click();
  const period = wizard.locator('[data-testid^="scene-period-"]').first();
  await expect(period).toBeVisible();
  await inputOf(period).fill('999999');
  await page.getByTestId('scene-save').click();
  await expect(wizard.getByText(/Must be between \d+ and \d+ minutes/)).toBeVisible();
  const hint = await wizard
    .locator('.ant-form-item-extra', { hasText: /\d+–\d+/ })
    .first()
    .innerText();
  await inputOf(period).fill(/(\d+)/.exec(hint)?.[1] ?? '1');
  await page.getByTestId('scene-save').click();
  await expect(page.getByText('Scene saved')).toBeVisible();
  const detail = page.getByTestId('scene-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText('Temperature above 8 °C');
  await expect(detail).toContainText('Urgent');
  await expect(detail).toContainText('Raise alarm');
  await expect(detail).toContainText('Command (1 periods)');

  await page.goto(`${demoBase}/#/scene/list`);
  await expect(page.getByTestId('scenes').locator('tr', { hasText: name })).toContainText(
    'Raise alarm · Push (users) · Command (1 periods)',
  );
});
