import { API_BASE } from '@ztj/contracts';

/** `ws(s)://<host>/ztj-iot/websocket/<userId>` for the page's origin (SPEC §7 console socket). */
export function announcementSocketUrl(
  userId: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${API_BASE}/websocket/${encodeURIComponent(userId)}`;
}
