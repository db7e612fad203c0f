import { describe, expect, it } from 'vitest';
import { CAPTCHA_IMAGE, CAPTCHA_VIEW_TOP, CaptchaStore, issueCaptcha } from './captcha.service';

/** WCAG relative luminance of a `#rgb` or `#rrggbb` colour. */
function luminance(hex: string): number {
  const h = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrastOnWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);

describe('the login captcha image is legible', () => {
  it('keeps every glyph inside the image and dark enough to read, over 1,000 images', () => {
    const store = new CaptchaStore();
    // every breach is collected and compared once (an expect per coordinate took most of a minute)
    const breaches: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const url = issueCaptcha(`k${i}`, store);
      const svg = Buffer.from(url.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
      expect(svg).toContain(`viewBox="0,${CAPTCHA_VIEW_TOP},${CAPTCHA_IMAGE.width},${CAPTCHA_IMAGE.height}"`);
      const glyphs = [...svg.matchAll(/<path fill="(#[0-9a-f]+)" d="([^"]+)"/g)];
      expect(glyphs).toHaveLength(CAPTCHA_IMAGE.size);
      for (const [, fill, d] of glyphs) {
        if (!(contrastOnWhite(fill!) >= 7)) breaches.push(`image ${i}: fill ${fill} below 7:1 on white`);
        const n = d!.match(/-?\d+(\.\d+)?/g)!.map(Number);
        for (let j = 0; j + 1 < n.length; j += 2) {
          const [x, y] = [n[j]!, n[j + 1]!];
          if (!(x >= 0 && x <= CAPTCHA_IMAGE.width))
            breaches.push(`image ${i}: x ${x} outside 0..${CAPTCHA_IMAGE.width}`);
          // inside the shown band, with a pixel to spare
          if (!(y >= CAPTCHA_VIEW_TOP + 1 && y <= CAPTCHA_VIEW_TOP + CAPTCHA_IMAGE.height - 1))
            breaches.push(`image ${i}: y ${y} outside the shown band`);
        }
      }
      expect(store.peek(`k${i}`)).toMatch(/^[a-z2-9]{4}$/);
    }
    expect(breaches).toEqual([]);
  });
});
