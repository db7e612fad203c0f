import { expect, test, type Page } from '@playwright/test';
import { noSidewaysScroll, signIn, useLanguage } from '../helpers';

/**
 * Help and help video, without signing in: the login page's help link leads to
 * /user/help; both pages in both languages show their texts, every screenshot loads (scrolled into
 * view, since they load lazily), the video has a poster, captions and a source the browser can
 * play (its metadata loads: a duration under a minute), a step's time seeks the video, and nothing
 * scrolls sideways at 375 px. Screenshots under /tmp/help-shots.
 */
const SHOTS = '/tmp/help-shots';
const TEXTS = {
  'zh-CN': { title: '帮助', video: '帮助视频', firstTopic: '登录并选择租户', firstStep: '登录' },
  'en-US': { title: 'Help', video: 'Help video', firstTopic: 'Sign in and pick the tenant', firstStep: 'Sign in' },
} as const;

/** Every help image scrolled into view has loaded with its intrinsic size; returns their sources. */
async function imagesLoad(page: Page): Promise<string[]> {
  const images = page.locator('[data-testid^="help-image-"]');
  const count = await images.count();
  expect(count).toBe(8);
  const sources: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 15_000 })
      .toBe(1280);
    sources.push((await image.getAttribute('src'))!);
  }
  return sources;
}

/** The video's metadata loads from the console's own server and lasts at most a minute. */
async function videoPlayable(page: Page, lang: string): Promise<void> {
  const video = page.getByTestId('help-video');
  await expect(video).toHaveAttribute('poster', `./help/${lang}/poster.webp`);
  await expect(video).toHaveAttribute('controls', '');
  await expect(video.locator('source')).toHaveAttribute('src', `./help/${lang}/walkthrough.webm`);
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  const duration = await video.evaluate((el: HTMLVideoElement) => el.duration);
  expect(duration).toBeGreaterThan(20);
  expect(duration).toBeLessThanOrEqual(60);
  expect(await video.evaluate((el: HTMLVideoElement) => el.canPlayType('video/webm; codecs="vp9"'))).not.toBe('');
  expect(await video.evaluate((el: HTMLVideoElement) => new URL(el.currentSrc).origin)).toBe(
    new URL(page.url()).origin,
  );
  // the captions track loads and has one cue per step
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.textTracks[0]?.cues?.length ?? 0), { timeout: 15_000 })
    .toBe(9);
  // a step's time plays the video from that step
  await page.getByTestId('help-video-step-alarms').click();
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThanOrEqual(27.5);
  await video.evaluate((el: HTMLVideoElement) => el.pause());
}

test('the login page links to the help; both help pages in both languages, at 1280 and 375 px, without signing in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await useLanguage(page, 'zh-CN');
  await page.goto('/#/user/login');
  await expect(page.getByTestId('login-help')).toHaveText('帮助');
  await page.getByTestId('login-help').click();
  await expect(page).toHaveURL(/#\/user\/help$/);

  for (const lang of ['zh-CN', 'en-US'] as const) {
    const texts = TEXTS[lang];
    if (lang === 'en-US') {
      await page.getByTestId('lang-en-US').click();
      await page.goto('/#/user/help');
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    const help = page.getByTestId('help-page');
    await expect(help.locator('h1')).toHaveText(texts.title);
    await expect(page.getByTestId('help-topic-signin').locator('h2')).toHaveText(`1. ${texts.firstTopic}`);
    await expect(help.locator('section')).toHaveCount(7);
    const sources = await imagesLoad(page);
    expect(sources.every((src) => src.startsWith(`./help/${lang}/`))).toBe(true);
    await page.screenshot({ path: `${SHOTS}/help-${lang}-1280.png` });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('help-toc-waybills').click();
    await expect(page.getByTestId('help-topic-waybills')).toBeInViewport();
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/help-${lang}-375.png` });

    await page.getByTestId('help-nav-video').click();
    await expect(page).toHaveURL(/#\/user\/help4video$/);
    await expect(page.getByTestId('help-video-page').locator('h1')).toHaveText(texts.video);
    await expect(page.getByTestId('help-video-steps').locator('li')).toHaveCount(9);
    await expect(page.getByTestId('help-video-steps').locator('li').first()).toContainText(texts.firstStep);
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/video-${lang}-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });
    await videoPlayable(page, lang);
    await page.screenshot({ path: `${SHOTS}/video-${lang}-1280.png` });
    await page.getByTestId('help-page-link').click();
    await expect(page.getByTestId('help-page')).toBeVisible();
  }
  // never asked to sign in: the back link goes to the sign-in page
  await page.getByTestId('help-nav-back').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test("signed in, the top bar's help icons open both pages, which lead back to the console", async ({ page }) => {
  await useLanguage(page, 'zh-CN');
  await signIn(page);
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
  await page.getByTitle('帮助', { exact: true }).click();
  await expect(page.getByTestId('help-page').locator('h1')).toHaveText('帮助');
  await expect(page.getByTestId('help-nav-back')).toHaveText('控制台');
  await page.getByTestId('help-nav-back').click();
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
  await page.getByTitle('帮助视频', { exact: true }).click();
  await expect(page.getByTestId('help-video-page').locator('h1')).toHaveText('帮助视频');
  await expect(page.getByTestId('help-video')).toBeVisible();
});
