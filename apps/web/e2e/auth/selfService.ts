import { expect, type Page } from '@playwright/test';
import { startAliyunSmsPeer, type AliyunSmsPeer } from '../../../server/src/platform/notify/aliyun-sms.fixture';
import { startDemoServer, type DemoServer } from '../devices/demoServer';
import { nextFrames, noSidewaysScroll } from '../helpers';

/**
 * Shared pieces of the self-service specs: a demo server of the spec's own
 * whose SMS codes go to a local Aliyun SMS provider (the server's fixture, as the phone sign-in
 * spec does) and whose registration policy names the demo tenant; the slider dragged with the
 * mouse; screenshots at 1280 and 375 px (PNGs into SELF_SERVICE_SHOTS=<dir> when set).
 */
export interface SelfServiceEnv {
  base: string;
  peer: AliyunSmsPeer;
  server: DemoServer;
}

const ACCOUNT = {
  accessKeyId: 'LTAI-e2e-key',
  accessKeySecret: 'e2e-secret',
  signName: '中通集',
  templateCode: 'SMS_E2E_CODE',
};
const SHOTS = process.env.SELF_SERVICE_SHOTS;

export async function startSelfServiceServer(port: number): Promise<SelfServiceEnv> {
  const peer = await startAliyunSmsPeer(ACCOUNT);
  const server = await startDemoServer(port, {
    ALIYUN_SMS_ACCESS_KEY_ID: ACCOUNT.accessKeyId,
    ALIYUN_SMS_ACCESS_KEY_SECRET: ACCOUNT.accessKeySecret,
    ALIYUN_SMS_SIGN_NAME: ACCOUNT.signName,
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_E2E_ALARM',
    ALIYUN_SMS_ENDPOINT: peer.base,
    ALIYUN_SMS_CODE_TEMPLATE_CODE: ACCOUNT.templateCode,
    REGISTER_TENANT_ID: '1001',
  });
  return { base: `http://127.0.0.1:${port}`, peer, server };
}

/** Number of SMS messages the provider received for `phone`. */
export function sentTo(peer: AliyunSmsPeer, phone: string): number {
  return peer.sent.filter((m) => m.phone === phone).length;
}

/** The newest code the provider received for `phone` once it holds more than `before` messages (sent after the answer). */
export async function codeFromSink(peer: AliyunSmsPeer, phone: string, before: number): Promise<string> {
  await expect.poll(() => sentTo(peer, phone), { timeout: 10_000 }).toBeGreaterThan(before);
  return peer.sent.filter((m) => m.phone === phone).at(-1)!.template.value!;
}

/** Opens `path` of the console in `lang`, nothing outside 127.0.0.1 fetched. */
export async function openPage(page: Page, base: string, path: string, lang: 'zh-CN' | 'en-US'): Promise<void> {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.addInitScript(
    (l) => localStorage.setItem('pro__LANGUAGE', JSON.stringify({ value: l, expire: null })),
    lang,
  );
  await page.goto(`${base}/#${path}`);
}

/**
 * Drags the slider's handle with the mouse from its centre past the track's end, in 24 moves a
 * few milliseconds apart as a hand would (the server refuses a drag faster than 150 ms), and
 * waits for the server's verdict.
 */
export async function dragSlider(page: Page, testId = 'slider-captcha'): Promise<void> {
  const handle = page.getByTestId(`${testId}-handle`);
  const track = page.getByTestId(testId);
  await expect(track).toHaveAttribute('data-phase', 'idle');
  // after a reset the handle slides back to the start (0.3 s): grab it there, as a person would
  await expect.poll(async () => (await handle.boundingBox())!.x - (await track.boundingBox())!.x).toBeLessThan(4);
  const h = (await handle.boundingBox())!;
  const t = (await track.boundingBox())!;
  const y = h.y + h.height / 2;
  const startX = h.x + h.width / 2;
  const endX = t.x + t.width - h.width / 2 + 12;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(startX + ((endX - startX) * i) / 24, y + (i % 3) - 1);
    await page.waitForTimeout(12); // the pace of a hand, not a wait for state
  }
  await page.mouse.up();
  await expect(track).toHaveAttribute('data-phase', 'success');
}

/** Screens at 1280 and 375 px (no sideways scroll at 375 px), into SELF_SERVICE_SHOTS when set. */
export async function shots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 860 });
    await nextFrames(page);
    if (width === 375) await noSidewaysScroll(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}
