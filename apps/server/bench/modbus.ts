/**
 * Modbus poller benchmark ("polls 1,000 register blocks per second against the local
 * Modbus server without delaying ingest"). A Modbus TCP server (modbus-serial's server side) runs
 * in a child process on 127.0.0.1; BENCH_MODBUS_DEVICES devices (default 100, AM-3P, one block of
 * 12 input registers = six float32 each) are polled every BENCH_MODBUS_PERIOD_MS (default 100 ms):
 * 1,000 block reads per second attempted. Their readings go through the real ingest (PGlite, or a
 * throw-away schema on DATABASE_URL). Three phases of BENCH_SECONDS (default 8) each:
 *   1. ingest alone: 4 loops feed readings of 50 other devices into the ingest as fast as it commits
 *   2. the poller alone
 *   3. both at once
 * Prints one figure per line: `ingest_msgs_per_s_without_modbus`, `modbus_polls_per_s`,
 * `modbus_readings_stored_per_s`, `ingest_msgs_per_s_with_modbus`, `modbus_polls_per_s_with_ingest`,
 * `modbus_poll_failures`, `load_average`. Bounded: the whole run stops after 60 s.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { REGISTER_MAPS } from '@ztj/contracts';
import { RealtimeHub } from '../src/platform/realtime/hub';
import { DEMO_TENANT_ID } from '../src/platform/tenancy/tenant-ids';
import { IngestRuntime } from '../src/modules/telemetry/ingest-runtime';
import { ModbusPoller } from '../src/modules/integrations/modbus/poller';
import { putFloat32, startModbusServer } from '../src/modules/integrations/modbus/modbus-server';
import { openScratchDb } from './scratch-db';

const env = process.env;
const DEVICES = Number(env.BENCH_MODBUS_DEVICES ?? 100);
const PERIOD = Number(env.BENCH_MODBUS_PERIOD_MS ?? 100);
const SECONDS = Number(env.BENCH_SECONDS ?? 8);
const INGEST_DEVICES = 50;
const line = (k: string, v: number | string): void =>
  void process.stdout.write(`${k} ${typeof v === 'number' ? v.toFixed(1) : v}\n`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Child process: the Modbus server, every unit answering the SDM630 voltages and currents. */
async function serverChild(): Promise<void> {
  const fake = await startModbusServer();
  for (let unit = 1; unit <= 247; unit++) {
    const b = fake.bank(unit);
    [230.1, 231.2, 229.8, 5.5, 6.25, 4.75].forEach((v, i) => putFloat32(b.input, i * 2, v + unit / 1000));
  }
  process.send?.({ port: fake.port });
  process.on('message', () => void fake.close().then(() => process.exit(0)));
}

async function main(): Promise<void> {
  const hardStop = setTimeout(() => {
    process.stderr.write('bench modbus: 60 s bound reached, stopping\n');
    process.exit(2);
  }, 60_000);
  hardStop.unref();
  const scratch = await openScratchDb('modbus');
  const { db, config } = scratch;
  const child = fork(fileURLToPath(import.meta.url), ['--server'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let runtime: IngestRuntime | undefined;
  let poller: ModbusPoller | undefined;
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m: { port: number }) => resolve(m.port));
      child.once('exit', (code) => reject(new Error(`modbus server exited (${code})`)));
    });
    const mb = Array.from({ length: DEVICES }, (_, i) => `BMB-${String(i + 1).padStart(4, '0')}`);
    const ing = Array.from({ length: INGEST_DEVICES }, (_, i) => `BIN-${String(i + 1).padStart(4, '0')}`);
    await db.query(
      `INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash) SELECT x, $1, x, 'AM-3P', 'terminal', 'bench' FROM unnest($2::text[]) x`,
      [DEMO_TENANT_ID, mb],
    );
    await db.query(
      `INSERT INTO device (dev_no, tenant_id, name, model, kind, secret_hash) SELECT x, $1, x, 'P23-2IN1', 'terminal', 'bench' FROM unnest($2::text[]) x`,
      [DEMO_TENANT_ID, ing],
    );
    const registers = REGISTER_MAPS.find((m) => m.code === 'sdm630-3p')!.registers.filter((r) => r.address < 12);
    await db.query(
      `INSERT INTO modbus_device (tenant_id, dev_no, host, port, unit_id, registers, poll_period_ms, timeout_ms, enabled)
       SELECT $1, x, '127.0.0.1', $2, 1 + (row_number() OVER () - 1) % 247, $3::jsonb, $4, 1000, true FROM unnest($5::text[]) x`,
      [DEMO_TENANT_ID, port, JSON.stringify(registers), PERIOD, mb],
    );

    const stored = { ingest: 0, modbus: 0 };
    runtime = new IngestRuntime(config, db, new RealtimeHub(), {
      onError: (err) => process.stderr.write(`ingest: ${err.message}\n`),
      onCommitted: (rows) => {
        for (const r of rows) {
          if (r.deviceId.startsWith('BMB-')) stored.modbus++;
          else stored.ingest++;
        }
      },
    });
    await runtime.start();
    const ingest = runtime.ingest;
    poller = new ModbusPoller(db, ingest, { onError: () => undefined, reloadMs: 3_600_000 });

    let feeding = false;
    let tsBase = Date.now() - 3_600_000;
    /** One feeding loop: readings of the ingest devices, at most 500 waiting for their commit. */
    const feeder = async (k: number): Promise<void> => {
      let inflight: Promise<void>[] = [];
      for (let i = 0; feeding; i++) {
        await ingest.whenReady();
        const id = ing[(i * 4 + k) % INGEST_DEVICES]!;
        const s = ingest.take({
          source: 'bench',
          channel: 'telemetry',
          id,
          payload: `{"ts":${++tsBase},"values":{"P003":${(i % 40) - 20},"P004":55}}`,
          authDeviceId: id,
        });
        inflight.push(s.done);
        if (inflight.length >= 500) {
          await Promise.all(inflight);
          inflight = [];
        }
      }
      await Promise.all(inflight);
    };
    const phase = async (
      withIngest: boolean,
      withModbus: boolean,
    ): Promise<{ ingest: number; modbus: number; polls: number; failed: number }> => {
      const before = { ...stored, polls: poller!.stats.blocks - poller!.stats.failed, failed: poller!.stats.failed };
      feeding = withIngest;
      const loops = withIngest ? [0, 1, 2, 3].map((k) => feeder(k)) : [];
      if (withModbus) await poller!.start();
      const t0 = performance.now();
      await sleep(SECONDS * 1000);
      const s = (performance.now() - t0) / 1000;
      const after = { ...stored, polls: poller!.stats.blocks - poller!.stats.failed, failed: poller!.stats.failed };
      feeding = false;
      if (withModbus) await poller!.stop();
      await Promise.all(loops);
      await ingest.flush();
      return {
        ingest: (after.ingest - before.ingest) / s,
        modbus: (after.modbus - before.modbus) / s,
        polls: (after.polls - before.polls) / s,
        failed: after.failed - before.failed,
      };
    };

    process.stderr.write(
      `bench modbus: ${DEVICES} devices every ${PERIOD} ms (${((DEVICES * 1000) / PERIOD).toFixed(0)} block polls/s attempted), ${SECONDS} s per phase, ${db.kind}\n`,
    );
    const alone = await phase(true, false);
    line('ingest_msgs_per_s_without_modbus', alone.ingest);
    const mbAlone = await phase(false, true);
    line('modbus_polls_per_s', mbAlone.polls);
    line('modbus_readings_stored_per_s', mbAlone.modbus);
    const both = await phase(true, true);
    line('ingest_msgs_per_s_with_modbus', both.ingest);
    line('modbus_polls_per_s_with_ingest', both.polls);
    line('modbus_poll_failures', mbAlone.failed + both.failed);
    line('load_average', os.loadavg()[0]!);
    line('db', db.kind);
  } finally {
    await poller?.stop().catch(() => undefined);
    await runtime?.stop().catch(() => undefined);
    child.send('stop');
    await scratch.close();
  }
}

if (process.argv.includes('--server')) {
  void serverChild();
} else {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`bench modbus failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}
