import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the local SMTP server accepted: envelope and the raw RFC 822 text. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  user: string | undefined;
}

/** A real SMTP server (smtp-server) on 127.0.0.1 and a free port, with AUTH PLAIN/LOGIN. */
export interface SmtpPeer {
  port: number;
  /** `smtp://user:pass@127.0.0.1:port`, or `smtps://…?tls.rejectUnauthorized=false` (self-signed certificate) */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpPeerOptions {
  user: string;
  pass: string;
  /** RCPT TO these is refused with 550 (mailbox unavailable). */
  rejectRecipients?: string[];
  /** RCPT TO these is refused with 451 (try again later). */
  deferRecipients?: string[];
  /** TLS from the first byte (smtps, port 465 style) with smtp-server's built-in self-signed certificate. */
  implicitTls?: boolean;
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** Starts the server: plain text without STARTTLS, or implicit TLS (`implicitTls`). */
export async function startSmtpPeer(opts: SmtpPeerOptions): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    secure: opts.implicitTls ?? false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, cb) {
      if (auth.username === opts.user && auth.password === opts.pass) cb(null, { user: auth.username });
      else cb(smtpError('Invalid username or password', 535));
    },
    onRcptTo(address, _session, cb) {
      if (opts.rejectRecipients?.includes(address.address))
        return cb(smtpError('5.1.1 <' + address.address + '>: mailbox unavailable', 550));
      if (opts.deferRecipients?.includes(address.address))
        return cb(smtpError('4.2.0 mailbox busy, try again later', 451));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        cb(null, `Message queued as Q${received.length}`);
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    const s = server.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port));
  });
  return {
    port,
    url: opts.implicitTls
      ? `smtps://${encodeURIComponent(opts.user)}:${encodeURIComponent(opts.pass)}@127.0.0.1:${port}?tls.rejectUnauthorized=false`
      : `smtp://${encodeURIComponent(opts.user)}:${encodeURIComponent(opts.pass)}@127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server that accepts connections and never sends the SMTP greeting. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
