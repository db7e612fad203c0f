/**
 * Default map tile URL template of the console's maps (ARCHITECTURE §7, Leaflet): used by the
 * console when `VITE_MAP_TILE_URL` is unset, and by the server to allow exactly the tile host in
 * the console's content security policy (issue #8).
 */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The content-security-policy source that matches every tile of a Leaflet URL template: its scheme
 * and host, with a host label holding a placeholder (`{s}.tile.example.com`,
 * `webrd0{s}.is.autonavi.com`) widened to `*.` (CSP allows a wildcard only as the leftmost label).
 * @returns e.g. `https://tile.openstreetmap.org` or `https://*.is.autonavi.com`; undefined for an
 *   empty, `none`, relative or malformed template.
 */
export function tileSourceOf(template: string | undefined): string | undefined {
  const m = /^(https?):\/\/([^/?#]+)/i.exec((template ?? '').trim());
  if (!m) return undefined;
  const labels = m[2]!.toLowerCase().split('.');
  let last = -1;
  labels.forEach((l, i) => {
    if (/[{}]/.test(l)) last = i;
  });
  const host = last < 0 ? labels.join('.') : ['*', ...labels.slice(last + 1)].join('.');
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(host) || host === '*.' || (last >= 0 && labels.length - last - 1 < 2)) return undefined;
  return `${m[1]!.toLowerCase()}://${host}`;
}
