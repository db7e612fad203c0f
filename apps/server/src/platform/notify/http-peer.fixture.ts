import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a local provider peer received it. */
export interface PeerRequest {
  method: string;
  /** Path and query exactly as sent (raw, not decoded). */
  rawUrl: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What a peer answers: JSON with a status, or `hang` (never answer) for timeout tests. */
export type PeerReply = { status?: number; json: unknown } | { status: number; text: string } | 'hang';

/** A local HTTP server standing in for a provider, on 127.0.0.1 and a free port. */
export interface HttpPeer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  requests: PeerRequest[];
  /** Answers queued here are used (first in, first out) before the handler is asked. */
  forced: PeerReply[];
  close(): Promise<void>;
}

/** Starts a peer whose answers come from `handler` (or from `forced` first). */
export async function startHttpPeer(handler: (req: PeerRequest) => PeerReply | Promise<PeerReply>): Promise<HttpPeer> {
  const requests: PeerRequest[] = [];
  const forced: PeerReply[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const peerReq: PeerRequest = {
        method: req.method ?? 'GET',
        rawUrl: req.url ?? '/',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(peerReq);
      void Promise.resolve(forced.length ? forced.shift()! : handler(peerReq)).then((reply) => {
        if (reply === 'hang') return;
        const status = reply.status ?? 200;
        if ('text' in reply) {
          res.writeHead(status, { 'content-type': 'text/plain' }).end(reply.text);
        } else {
          res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(reply.json));
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    forced,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (a provider that is down). */
export async function deadPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
