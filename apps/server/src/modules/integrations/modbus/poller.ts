import { RegisterSchema, type DeviceCommand, type ExternalState, type Register } from '@ztj/contracts';
import { z } from 'zod';
import type { Db } from '../../../platform/db/db';
import { AppError } from '../../../platform/http/app-error';
import type { IngestMessage } from '../../telemetry/ingest-types';
import { decodeBlock, encodeRegister, planBlocks, type RegisterBlock } from './decode';
import { ModbusLink, errorText, resultOf } from './modbus-link';

/** What the poller feeds: the ingest's non-waiting entry and its backpressure (IngestService). */
export interface IngestSink {
  take(msg: IngestMessage): unknown;
  whenReady(): Promise<void> | undefined;
}

export interface PollerOptions {
  onError?: (err: Error) => void;
  /** Longest wait between attempts of an unreachable device, ms (default 5 min). */
  backoffCapMs?: number;
  /** Consecutive failures after which a device is offline (default 3; before: backoff). */
  offlineAfter?: number;
  /** How often changed poll status is written to `modbus_device`, ms (default 1000). */
  flushMs?: number;
  /** How often configs are read again (other processes' edits), ms (default 30 s). */
  reloadMs?: number;
  /**
   * Several processes over one database (CLUSTER=on): only the holder of the `modbus_poller_lease`
   * row polls; the lease lives this long, ms, and is renewed every third of it. Unset: always poll.
   */
  leaseMs?: number;
}

/** A config as polled. */
interface Target {
  id: string;
  tenantId: number;
  deviceId: string;
  host: string;
  port: number;
  unitId: number;
  registers: Register[];
  blocks: RegisterBlock[];
  periodMs: number;
  timeoutMs: number;
  enabled: boolean;
  signature: string;
}

/** Poll status of a target (the columns of `modbus_device`). */
export interface PollStatus {
  state: ExternalState;
  lastResult: 'ok' | 'timeout' | 'error' | null;
  lastError: string | null;
  lastPollMs: number | null;
  lastOkMs: number | null;
  failures: number;
  nextPollMs: number | null;
}

interface Slot {
  target: Target;
  link: ModbusLink;
  status: PollStatus;
  timer?: NodeJS.Timeout;
  polling?: Promise<void>;
  dirty: boolean;
}

const RegistersSchema = z.array(RegisterSchema);

/**
 * The Modbus TCP poller: one timer per enabled `modbus_device`, reading its
 * register blocks (adjacent registers coalesced) every poll period and handing the decoded values
 * to the same ingest as MQTT and HTTP readings (validation, storage, alarms, live fan-out).
 * A failed poll (refused, timeout, exception) backs off exponentially — period × 2^failures, capped —
 * and after `offlineAfter` failures the device is `offline` with a line in its device log; the
 * first good poll brings it back `online` (logged too). Writes serve setSwitch / setSetPoint.
 */
export class ModbusPoller {
  private readonly slots = new Map<string, Slot>();
  private flushTimer: NodeJS.Timeout | undefined;
  private reloadTimer: NodeJS.Timeout | undefined;
  private running = false;
  /** True while this process polls (always without a lease). */
  private leading = false;
  private leaseTimer: NodeJS.Timeout | undefined;
  private readonly owner = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  private readonly cap: number;
  private readonly offlineAfter: number;
  /** Polls attempted and failed since start (bench, metrics). */
  readonly stats = { polls: 0, blocks: 0, failed: 0, readings: 0 };

  constructor(
    private readonly db: Db,
    private readonly ingest: IngestSink,
    private readonly opts: PollerOptions = {},
  ) {
    this.cap = opts.backoffCapMs ?? 300_000;
    this.offlineAfter = opts.offlineAfter ?? 3;
  }

  /** Loads the configs and starts polling. */
  async start(): Promise<void> {
    this.running = true;
    this.leading = this.opts.leaseMs === undefined || (await this.takeLease());
    await this.reload();
    if (this.opts.leaseMs !== undefined) {
      this.leaseTimer = setInterval(
        () => void this.renewLease().catch((e: Error) => this.opts.onError?.(e)),
        Math.max(50, Math.floor(this.opts.leaseMs / 3)),
      );
      this.leaseTimer.unref();
    }
    this.flushTimer = setInterval(
      () => void this.flushStatus().catch((e: Error) => this.opts.onError?.(e)),
      this.opts.flushMs ?? 1000,
    );
    this.reloadTimer = setInterval(
      () => void this.reload().catch((e: Error) => this.opts.onError?.(e)),
      this.opts.reloadMs ?? 30_000,
    );
    this.flushTimer.unref();
    this.reloadTimer.unref();
  }

  /** Stops every timer, waits for polls in flight, closes the connections and writes the status. */
  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.leaseTimer);
    clearInterval(this.flushTimer);
    clearInterval(this.reloadTimer);
    for (const s of this.slots.values()) clearTimeout(s.timer);
    await Promise.allSettled([...this.slots.values()].map((s) => s.polling));
    for (const s of this.slots.values()) s.link.close();
    await this.flushStatus().catch((e: Error) => this.opts.onError?.(e));
    this.slots.clear();
    if (this.opts.leaseMs !== undefined && this.leading)
      await this.db.query('DELETE FROM modbus_poller_lease WHERE owner = $1', [this.owner]).catch(() => undefined);
    this.leading = false;
  }

  /** True when this process holds the lease now (taken or renewed for `leaseMs`). */
  private async takeLease(now = Date.now()): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO modbus_poller_lease (id, owner, expires_ms) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET owner = EXCLUDED.owner, expires_ms = EXCLUDED.expires_ms
        WHERE modbus_poller_lease.owner = EXCLUDED.owner OR modbus_poller_lease.expires_ms < $3
       RETURNING owner`,
      [this.owner, now + this.opts.leaseMs!, now],
    );
    return rows.length === 1;
  }

  /** Renews or takes the lease; starts polling when it is gained, stops when it is lost. */
  private async renewLease(): Promise<void> {
    if (!this.running) return;
    const leading = await this.takeLease();
    if (leading === this.leading || !this.running) return;
    this.leading = leading;
    for (const s of this.slots.values()) {
      clearTimeout(s.timer);
      if (leading && s.target.enabled) this.schedule(s, 0);
    }
  }

  /** Whether this process polls (holds the lease, or needs none). */
  get polling(): boolean {
    return this.leading;
  }

  /** Reads the configs again (all, or the one with `id` after an edit) and reschedules what changed. */
  async reload(id?: string): Promise<void> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT id, tenant_id, dev_no, host, port, unit_id, registers, poll_period_ms, timeout_ms, enabled FROM modbus_device${id ? ' WHERE id = $1' : ''}`,
      id ? [id] : [],
    );
    const seen = new Set<string>();
    for (const r of rows) {
      const t = targetOf(r);
      seen.add(t.id);
      const old = this.slots.get(t.id);
      if (old && old.target.signature === t.signature) continue;
      if (old) this.remove(old);
      this.add(t);
    }
    for (const s of [...this.slots.values()])
      if ((id === undefined || s.target.id === id) && !seen.has(s.target.id)) this.remove(s);
  }

  /** In-process status of a config (fresher than the table by up to `flushMs`). */
  status(id: string): PollStatus | undefined {
    return this.slots.get(id)?.status;
  }

  /** Polls a config now (a `readMeter` command, after a write); resolves when done. */
  async pollNow(id: string): Promise<void> {
    const s = this.slots.get(id);
    if (!s?.target.enabled) return;
    await s.polling;
    clearTimeout(s.timer);
    await this.poll(s);
  }

  /**
   * The command route of `sendLoggedCommand` (devices.service): null when `deviceId` is not polled
   * here, else whether the device took the command (false when its config is disabled or the write failed). setSwitch / setSetPoint write their register
   * (refused with `modbusWriteUnsupported` when the map has none); readMeter polls at once.
   */
  async command(tenantId: number, deviceId: string, command: DeviceCommand): Promise<boolean | null> {
    const s = [...this.slots.values()].find((x) => x.target.deviceId === deviceId && x.target.tenantId === tenantId);
    if (!s) return null;
    // a disabled config still owns the device: nothing goes out, the log shows it not delivered
    if (!s.target.enabled) return false;
    if (command.type === 'readMeter') {
      await this.pollNow(s.target.id);
      return s.status.lastResult === 'ok';
    }
    if (command.type !== 'setSwitch' && command.type !== 'setSetPoint') return false;
    const reg = s.target.registers.find(
      (r) =>
        r.command === command.type &&
        (command.type !== 'setSetPoint' || r.well === null || r.well === (command.well ?? 1)),
    );
    if (!reg) throw new AppError('business', 'modbusWriteUnsupported');
    const words = encodeRegister(command.type === 'setSwitch' ? command.on : command.setPointC, reg);
    if (!words) return false;
    try {
      await s.link.write(reg.address, words);
    } catch (err) {
      this.opts.onError?.(Object.assign(new Error(`modbus write ${deviceId}: ${errorText(err)}`), { cause: err }));
      return false;
    }
    if (s.target.enabled) void this.pollNow(s.target.id).catch(() => undefined);
    return true;
  }

  /** Writes changed status rows (`modbus_device` state columns). */
  async flushStatus(): Promise<void> {
    const dirty = [...this.slots.values()].filter((s) => s.dirty);
    if (!dirty.length) return;
    for (const s of dirty) s.dirty = false;
    const st = dirty.map((s) => s.status);
    await this.db.query(
      `UPDATE modbus_device m SET state = u.state, last_result = u.last_result, last_error = u.last_error, last_poll_ms = u.last_poll_ms,
         last_ok_ms = u.last_ok_ms, failures = u.failures, next_poll_ms = u.next_poll_ms
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::int[], $8::bigint[])
         AS u(id, state, last_result, last_error, last_poll_ms, last_ok_ms, failures, next_poll_ms)
       WHERE m.id = u.id`,
      [
        dirty.map((s) => s.target.id),
        st.map((x) => x.state),
        st.map((x) => x.lastResult),
        st.map((x) => x.lastError),
        st.map((x) => x.lastPollMs),
        st.map((x) => x.lastOkMs),
        st.map((x) => x.failures),
        st.map((x) => x.nextPollMs),
      ],
    );
  }

  private add(t: Target): void {
    const s: Slot = {
      target: t,
      link: new ModbusLink(t.host, t.port, t.unitId, t.timeoutMs),
      status: {
        state: t.enabled ? 'offline' : 'disabled',
        lastResult: null,
        lastError: null,
        lastPollMs: null,
        lastOkMs: null,
        failures: 0,
        nextPollMs: null,
      },
      dirty: this.leading,
    };
    this.slots.set(t.id, s);
    // spread the first polls over one period so that a restart does not poll everything at once
    if (t.enabled && this.running && this.leading)
      this.schedule(s, Math.floor(Math.random() * Math.min(t.periodMs, 1000)));
  }

  private remove(s: Slot): void {
    clearTimeout(s.timer);
    s.link.close();
    this.slots.delete(s.target.id);
  }

  private schedule(s: Slot, delayMs: number): void {
    if (!this.running || !this.leading || this.slots.get(s.target.id) !== s) return;
    clearTimeout(s.timer);
    s.status.nextPollMs = Date.now() + delayMs;
    s.timer = setTimeout(() => void this.poll(s), delayMs);
  }

  private poll(s: Slot): Promise<void> {
    if (s.polling) return s.polling;
    s.polling = this.pollOnce(s).finally(() => (s.polling = undefined));
    return s.polling;
  }

  private async pollOnce(s: Slot): Promise<void> {
    const started = Date.now();
    await this.ingest.whenReady();
    const t = s.target;
    this.stats.polls++;
    try {
      const values: Record<string, number | boolean> = {};
      for (const b of t.blocks) {
        this.stats.blocks++;
        Object.assign(values, decodeBlock(b, await s.link.read(b.kind, b.start, b.count)));
      }
      const ts = Date.now();
      if (Object.keys(values).length) {
        this.stats.readings++;
        this.ingest.take({
          source: `modbus:${t.host}:${t.port}/${t.unitId}`,
          channel: 'telemetry',
          id: t.deviceId,
          payload: JSON.stringify({ ts, values }),
          authDeviceId: t.deviceId,
        });
      }
      const wasOffline = s.status.state === 'offline' && s.status.lastResult !== null;
      s.status = {
        ...s.status,
        state: 'online',
        lastResult: 'ok',
        lastError: null,
        lastPollMs: ts,
        lastOkMs: ts,
        failures: 0,
      };
      s.dirty = true;
      if (wasOffline) await this.logLink(t, 'online', null).catch((e: Error) => this.opts.onError?.(e));
      this.schedule(s, Math.max(0, started + t.periodMs - Date.now()));
    } catch (err) {
      this.stats.failed++;
      const failures = s.status.failures + 1;
      const state: ExternalState = failures >= this.offlineAfter ? 'offline' : 'backoff';
      const goesOffline = state === 'offline' && s.status.state !== 'offline';
      s.status = {
        ...s.status,
        state,
        lastResult: resultOf(err),
        lastError: errorText(err),
        lastPollMs: Date.now(),
        failures,
      };
      s.dirty = true;
      if (goesOffline) await this.logLink(t, 'offline', s.status.lastError).catch((e: Error) => this.opts.onError?.(e));
      this.schedule(s, Math.min(this.cap, t.periodMs * 2 ** Math.min(failures, 20)));
    }
  }

  /** A device log line when the link goes offline or comes back (kind config, operator modbus). */
  private async logLink(t: Target, state: 'online' | 'offline', error: string | null): Promise<void> {
    await this.flushStatus();
    await this.db.query(
      `INSERT INTO device_log (device_id, tenant_id, kind, content, ok, operator) VALUES ($1, $2, 'config', $3, $4, 'modbus')`,
      [
        t.deviceId,
        t.tenantId,
        JSON.stringify({ modbus: state, host: `${t.host}:${t.port}`, unitId: t.unitId, ...(error ? { error } : {}) }),
        state === 'online',
      ],
    );
  }
}

function targetOf(r: Record<string, unknown>): Target {
  const registers = RegistersSchema.parse(typeof r.registers === 'string' ? JSON.parse(r.registers) : r.registers);
  const t = {
    id: String(r.id),
    tenantId: Number(r.tenant_id),
    deviceId: String(r.dev_no),
    host: String(r.host),
    port: Number(r.port),
    unitId: Number(r.unit_id),
    registers,
    periodMs: Number(r.poll_period_ms),
    timeoutMs: Number(r.timeout_ms),
    enabled: Boolean(r.enabled),
  };
  return { ...t, blocks: planBlocks(registers), signature: JSON.stringify(t) };
}
