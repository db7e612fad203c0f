import fs from 'node:fs';
import path from 'node:path';

/**
 * File in `DATA_DIR` naming the server process that has the embedded database there open. The
 * embedded PGlite allows one process per data folder: a second one (`npm run device:add` while
 * `npm start` runs) would write rows the running server never sees — its device then refused by
 * the broker — and can corrupt the folder.
 */
export const SERVER_PID_FILE = 'server.pid';

/** Another live process holds the data folder. */
export class DataDirInUseError extends Error {
  constructor(
    readonly pid: number,
    readonly file: string,
  ) {
    super(`process ${pid} (a running server) uses the embedded database in ${path.dirname(file)}`);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

/**
 * The live server process holding `dataDir`, or undefined when none does (no file, our own pid,
 * or a pid that is gone — a server killed without its exit handler leaves its file behind).
 */
export function dataDirHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(path.join(dataDir, SERVER_PID_FILE), 'utf8'), 10);
  } catch {
    return undefined;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : undefined;
}

/**
 * Marks `dataDir` as used by this server process until it exits (the file is removed at exit;
 * one left by a killed process is taken over).
 * @throws DataDirInUseError when another live process holds it.
 */
export function claimDataDir(dataDir: string): void {
  const file = path.join(dataDir, SERVER_PID_FILE);
  const holder = dataDirHolder(dataDir);
  if (holder) throw new DataDirInUseError(holder, file);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${process.pid}\n`);
  process.once('exit', () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
    } catch {
      // already gone
    }
  });
}
