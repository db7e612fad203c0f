/** What the login page's URL asks the single sign-on part to do. */
export type SsoIntent =
  | { kind: 'loginFree'; at: string; guid: string; uid: string }
  | { kind: 'third'; token: string; thirdType: 1 | 2 }
  | { kind: 'thirdError' }
  | { kind: 'none' };

/** Reads the intent from the login route's query (`at`/`guid`/`uid`, `thirdToken`/`thirdType`, `thirdError`). */
export function ssoIntent(search: string): SsoIntent {
  const q = new URLSearchParams(search);
  const at = q.get('at');
  const guid = q.get('guid');
  const uid = q.get('uid');
  if (at && guid && uid) return { kind: 'loginFree', at, guid, uid };
  const token = q.get('thirdToken');
  const type = q.get('thirdType');
  if (token && (type === '1' || type === '2')) return { kind: 'third', token, thirdType: type === '1' ? 1 : 2 };
  if (q.get('thirdError')) return { kind: 'thirdError' };
  return { kind: 'none' };
}

/** The query without the SSO fields (kept: `redirect`), so the guard can move on once signed in. */
export function withoutSsoFields(search: string): string {
  const q = new URLSearchParams(search);
  for (const k of ['at', 'guid', 'uid', 'thirdToken', 'thirdType', 'thirdError']) q.delete(k);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The CAS ticket of the page address (CAS appends `?ticket=` to the service URL), with that service URL. */
export function casTicket(location: {
  search: string;
  origin: string;
  pathname: string;
}): { ticket: string; service: string } | null {
  const ticket = new URLSearchParams(location.search).get('ticket');
  return ticket && /^ST-/.test(ticket) ? { ticket, service: `${location.origin}${location.pathname}` } : null;
}
