import WebSocket from 'ws';

/**
 * Opens a console WebSocket as a browser would, with the token as the subprotocol; rejects with
 * `HTTP <status>` when the handshake is refused.
 */
export const openSocket = (url: string, protocol?: string): Promise<WebSocket> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocol ? [protocol] : []);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
