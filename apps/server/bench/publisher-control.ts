import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the publisher child (publisher.ts) reports when all its messages are acknowledged. */
export interface PublisherReport {
  /** ms epoch when publishing began / when the last PUBACK arrived. */
  started: number;
  finished: number;
  failed: number;
  /** CPU seconds the child used while publishing. */
  cpuSeconds?: number;
}

/** A publisher child whose devices are connected: `go` starts publishing and resolves with its report; `kill` ends the child. */
export interface Publishers {
  go(): Promise<PublisherReport>;
  kill(): void;
}

/**
 * Forks the ingest bench's publisher child (publisher.ts) for `perDevice` QoS 1 messages per
 * device, at most `window` unacknowledged per device, and resolves once every device is
 * connected. `cpuProfDir`: the child writes a CPU profile there. Rejects when the child reports
 * an error.
 */
export async function startPublishers(
  url: string,
  devices: readonly { id: string; secret: string }[],
  perDevice: number,
  window: number,
  cpuProfDir?: string,
): Promise<Publishers> {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'publisher.ts'), [], {
    execArgv: ['--import', 'tsx', ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [])],
  });
  const msg = (type: string): Promise<PublisherReport> =>
    new Promise((resolve, reject) => {
      const on = (m: PublisherReport & { type: string; message?: string }): void => {
        if (m.type === type) {
          child.off('message', on);
          resolve(m);
        } else if (m.type === 'error') reject(new Error(m.message));
      };
      child.on('message', on);
    });
  child.send({ url, devices, perDevice, window });
  await msg('ready');
  return {
    go() {
      const done = msg('done');
      child.send('go');
      return done;
    },
    kill: () => child.kill(),
  };
}
