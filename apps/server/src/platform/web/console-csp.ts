import crypto from 'node:crypto';
import fs from 'node:fs';
import { tileSourcesOf, type MapTileSource } from '@ztj/contracts';

/** CSP source of the SHA-256 of an inline script or handler. */
function hashSource(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Contents of the inline `<script>` elements (no `src`) of an HTML page. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1]!)
    .filter((s) => s.trim() !== '');
}

/** Code of the inline event-handler attributes (`onload="…"`) of an HTML page. */
function inlineHandlers(html: string): string[] {
  return [...html.matchAll(/\son[a-z]+\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((m) =>
    (m[1] ?? m[2])!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

/**
 * The content security policy of the console page, derived from the built
 * `index.html` it is sent with, so the policy allows exactly what the build needs:
 * - scripts: the page's own origin, plus the hash of each inline script and inline event handler
 *   in the page (the build turns the stylesheet link into a preload that applies itself with an
 *   `onload` handler; `'unsafe-hashes'` lets exactly that handler run, nothing else inline);
 * - styles: own origin and inline (Ant Design writes its styles at run time; style attributes);
 * - images: own origin, `data:` and `blob:` (uploaded files are fetched with the token header and
 *   shown as object URLs) and exactly the hosts of the map tile sources the server offers
 *   (`MAP_TILES`, e.g. `https://tile.openstreetmap.org`, `https://*.is.autonavi.com`; none when
 *   offline; a same-origin template is covered by `'self'`);
 * - connections: own origin (API and the WebSocket); nothing may frame, embed or re-base the page.
 */
export function consoleCsp(indexHtml: string, tiles: readonly Pick<MapTileSource, 'url'>[]): string {
  const scripts = inlineScripts(indexHtml).map(hashSource);
  const handlers = inlineHandlers(indexHtml).map(hashSource);
  const tileHosts = tileSourcesOf(tiles);
  const scriptSrc = [
    "'self'",
    ...(handlers.length > 0 ? ["'unsafe-hashes'", ...new Set(handlers)] : []),
    ...new Set(scripts),
  ];
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...tileHosts].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * {@link consoleCsp} of the `index.html` at `file`, recomputed only when the file changes (a
 * rebuild while the server runs); for the static route's headers.
 */
export function consoleCspOfFile(file: string, tiles: readonly Pick<MapTileSource, 'url'>[]): () => string {
  let cached = { mtimeMs: -1, value: '' };
  return () => {
    const { mtimeMs } = fs.statSync(file);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, value: consoleCsp(fs.readFileSync(file, 'utf8'), tiles) };
    return cached.value;
  };
}
