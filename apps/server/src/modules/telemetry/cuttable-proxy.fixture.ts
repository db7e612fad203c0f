import net from 'node:net';

/** A TCP proxy in front of `target` that can be cut (sockets destroyed, port closed) and restored. */
export class CuttableProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((inbound) => {
      const outbound = net.connect(this.target.port, this.target.host);
      for (const [a, b] of [
        [inbound, outbound],
        [outbound, inbound],
      ] as const) {
        this.sockets.add(a);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          this.sockets.delete(a);
          b.destroy();
        });
        a.pipe(b);
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Stops accepting and destroys every open connection. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}
