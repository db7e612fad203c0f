import { INGEST_TOPIC_FILTERS, isGatewayKind, topics, TOPIC_ROOT, type DeviceKind } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { ForeignClientError, planAccount, planRemoval, type BrokerAccount } from '../../platform/mqtt/dynsec-accounts';
import { DynsecClient, DynsecError, type DynsecAcl, type DynsecCommand } from '../../platform/mqtt/mosquitto-dynsec';
import { existingDemoSecretKey, recoverableSecret } from './device-secrets';
import type { DeviceBrokerAccess } from './device-provision';

/**
 * The product's accounts in Mosquitto's dynamic-security plugin (`MQTT_DYNSEC=on`;
 * docs/external-broker.md). Mosquitto does not tell a subscriber who
 * published a message, so the ingest cannot check the publisher itself: the topic is the device's
 * identity only because the broker lets each device publish on its own topics alone. This module
 * makes the broker enforce that:
 *
 * - each registered device: a client with username = terminal number and password = the device
 *   secret, holding its own role `ztj-device-{id}` that allows publishing on
 *   `ztj/devices/{id}/telemetry|events|acks` (gateways also `ztj/gateways/{id}/telemetry`) and
 *   subscribing to / receiving `ztj/devices/{id}/commands` only;
 * - the ingest: the client of `MQTT_URL`'s user-info with role `ztj-ingest` (subscribe to and
 *   receive the ingest filters, plain or `$share/…`, publish commands);
 * - the default ACL: publishing and subscribing denied unless a role allows it (so an anonymous
 *   or unknown client can do neither; `allow_anonymous false` keeps it from connecting at all).
 *
 * Secrets are stored hashed, so a password is set only when the secret is known in clear: when it
 * is issued (`provisionDevice` with this as its broker) and for demo devices, whose secret the
 * server derives. A device without a broker account gets one at {@link syncAll} without a
 * password (it cannot connect until its secret is issued again, e.g. `npm run device:add` again).
 * Setting a password disconnects the client's sessions (observed on Mosquitto 2.0.11), so the
 * syncs set one only on an account they create; issuing a secret always sets it.
 * Start-up and change-driven syncs run one at a time (each reads the database inside its turn, so
 * a later change is never undone by a stale read); issuing and removal are not queued (see there).
 */

/** Role-name prefix of device accounts; roles with it and no registered device are removed. */
export const DEVICE_ROLE_PREFIX = 'ztj-device-';
/** Role of the ingest client. */
export const INGEST_ROLE = 'ztj-ingest';
/** Plugin answers when another writer created the same client or role first. */
const ALREADY_EXISTS = ['Client already exists', 'Role already exists'];
const TEXTNAME = 'ZTJ device (managed by the ZTJ server)';

/** The ACLs of a device's own role (see the file comment). */
export function deviceAcls(id: string, kind: DeviceKind): DynsecAcl[] {
  const send = [
    topics.telemetry(id),
    topics.events(id),
    topics.acks(id),
    ...(isGatewayKind(kind) ? [topics.gatewayTelemetry(id)] : []),
  ];
  return [
    ...send.map((topic): DynsecAcl => ({ acltype: 'publishClientSend', topic, allow: true })),
    { acltype: 'subscribeLiteral', topic: topics.commands(id), allow: true },
    { acltype: 'publishClientReceive', topic: topics.commands(id), allow: true },
  ];
}

/** The ACLs of the ingest role: the ingest filters (plain, and shared in any group) and commands. */
export function ingestAcls(): DynsecAcl[] {
  return [
    ...INGEST_TOPIC_FILTERS.flatMap((f): DynsecAcl[] => [
      { acltype: 'subscribeLiteral', topic: f, allow: true },
      { acltype: 'subscribePattern', topic: `$share/+/${f}`, allow: true },
      { acltype: 'publishClientReceive', topic: f, allow: true },
    ]),
    { acltype: 'publishClientSend', topic: `${TOPIC_ROOT}/devices/+/commands`, allow: true },
  ];
}

function deviceAccount(id: string, kind: DeviceKind, secret: string | undefined): BrokerAccount {
  return {
    username: id,
    rolename: DEVICE_ROLE_PREFIX + id,
    acls: deviceAcls(id, kind),
    textname: TEXTNAME,
    ...(secret !== undefined ? { password: secret } : {}),
  };
}

/** What {@link DeviceBrokerAccounts.syncAll} did. */
export interface BrokerSyncReport {
  /** Plugin commands sent (0 when the broker already matched). */
  commands: number;
  /** Device accounts created without a password (secret not known in clear: issue it again). */
  withoutPassword: string[];
  /** Device ids removed from the broker because they are no longer registered. */
  removed: string[];
  /** Devices whose username belongs to another broker client (left untouched). */
  conflicts: string[];
  /** Commands the plugin refused. */
  errors: string[];
}

/** See the file comment. */
export class DeviceBrokerAccounts implements DeviceBrokerAccess {
  private chain: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly dynsec: DynsecClient,
    private readonly db: Db,
    private readonly ingest: { username: string; password: string } | undefined,
  ) {}

  /**
   * Connects to the broker's plugin as its administrator.
   * @param ingest the ingest's own credentials (from `MQTT_URL`), given an account when set.
   * @throws Error when the admin cannot connect or is not the plugin's admin.
   */
  static async connect(
    url: string,
    admin: { username: string; password: string },
    db: Db,
    ingest?: { username: string; password: string },
  ): Promise<DeviceBrokerAccounts> {
    return new DeviceBrokerAccounts(await DynsecClient.connect(url, admin), db, ingest);
  }

  /**
   * Start-up reconciliation (idempotent): denies publish and subscribe by default, creates or
   * corrects the ingest account and every registered device's account, removes the accounts of
   * devices no longer registered. Passwords only on accounts created here: the ingest's, and a
   * device's when its secret is known in clear (demo devices); see {@link setIngestPassword}.
   * @throws DynsecError when the default ACL or the ingest account is refused.
   */
  syncAll(): Promise<BrokerSyncReport> {
    return this.serial(async () => {
      await this.dynsec.runChecked([
        {
          command: 'setDefaultACLAccess',
          acls: [
            { acltype: 'publishClientSend', allow: false },
            { acltype: 'subscribe', allow: false },
          ],
        },
      ]);
      const clients = new Map((await this.dynsec.listClients()).map((c) => [c.username, c]));
      const roles = new Map((await this.dynsec.listRoles()).map((r) => [r.rolename, r]));
      const current = (username: string, rolename: string): Parameters<typeof planAccount>[1] => ({
        client: clients.get(username) ?? null,
        role: roles.get(rolename) ?? null,
      });
      const report: BrokerSyncReport = { commands: 0, withoutPassword: [], removed: [], conflicts: [], errors: [] };

      if (this.ingest) {
        const now = current(this.ingest.username, INGEST_ROLE);
        const cmds = planAccount(this.ingestAccount(!now.client), now);
        await this.dynsec.runChecked(cmds);
        report.commands += cmds.length;
      }

      const devices = await this.db.query<{ id: string; kind: DeviceKind; secret_hash: string }>(
        'SELECT dev_no AS id, kind, secret_hash FROM device',
      );
      const demoKey = await existingDemoSecretKey(this.db);
      const registered = new Set<string>();
      const cmds: DynsecCommand[] = [];
      for (const d of devices) {
        registered.add(d.id);
        const secret = recoverableSecret(demoKey, d.id, d.secret_hash);
        const now = current(d.id, DEVICE_ROLE_PREFIX + d.id);
        try {
          cmds.push(...planAccount(deviceAccount(d.id, d.kind, now.client ? undefined : secret), now));
        } catch (e) {
          if (!(e instanceof ForeignClientError)) throw e;
          report.conflicts.push(d.id);
          continue;
        }
        if (!now.client && secret === undefined) report.withoutPassword.push(d.id);
      }
      for (const rolename of roles.keys()) {
        if (!rolename.startsWith(DEVICE_ROLE_PREFIX)) continue;
        const id = rolename.slice(DEVICE_ROLE_PREFIX.length);
        if (registered.has(id)) continue;
        cmds.push(...planRemoval(id, rolename, current(id, rolename)));
        report.removed.push(id);
      }
      const responses = await this.dynsec.run(cmds);
      report.commands += cmds.length;
      for (const r of responses) if (r.error) report.errors.push(`${r.command}: ${r.error}`);
      return report;
    });
  }

  /**
   * Creates or corrects one device's account; sets its password when `secret` is given. Not queued
   * behind {@link syncDevice}/{@link syncAll} (it runs inside the caller's database transaction,
   * which their reads may wait for); a concurrent creation of the same account is retried once.
   * @throws ForeignClientError when the username belongs to another broker client; DynsecError.
   */
  async upsertDevice(d: { id: string; kind: DeviceKind; secret?: string }): Promise<void> {
    try {
      await this.upsertNow(d, false);
    } catch (e) {
      if (!(e instanceof DynsecError) || !ALREADY_EXISTS.includes(e.reason)) throw e;
      await this.upsertNow(d, false);
    }
  }

  /**
   * Sets the ingest account's password to the one of `MQTT_URL` (it disconnects that account's
   * sessions): for when the ingest is refused because the password in `MQTT_URL` changed.
   */
  setIngestPassword(): Promise<void> {
    return this.serial(async () => {
      if (!this.ingest) return;
      await this.dynsec.runChecked(
        planAccount(this.ingestAccount(true), await this.dynsec.getClientAndRole(this.ingest.username, INGEST_ROLE)),
      );
    });
  }

  /** Deletes one device's account (disconnecting it); nothing when it has none. @throws DynsecError */
  removeDevice(id: string): Promise<void> {
    return this.removeNow(id);
  }

  /**
   * Brings one device's account in line with the database after a change made elsewhere (the
   * device cache was invalidated): created or corrected when the device exists (a password only on
   * an account it creates, when the secret is recoverable), removed when it does not.
   */
  syncDevice(id: string): Promise<void> {
    // The device is read inside the serial section, so a later change is never undone by a stale read.
    return this.serial(async () => {
      const [d] = await this.db.query<{ kind: DeviceKind; secret_hash: string }>(
        'SELECT kind, secret_hash FROM device WHERE dev_no = $1',
        [id],
      );
      if (!d) return this.removeNow(id);
      const secret = recoverableSecret(await existingDemoSecretKey(this.db), id, d.secret_hash);
      return this.upsertNow({ id, kind: d.kind, ...(secret !== undefined ? { secret } : {}) }, true);
    });
  }

  async close(): Promise<void> {
    await this.chain.catch(() => undefined);
    await this.dynsec.close();
  }

  private async upsertNow(
    d: { id: string; kind: DeviceKind; secret?: string },
    passwordOnlyIfNew: boolean,
  ): Promise<void> {
    const now = await this.dynsec.getClientAndRole(d.id, DEVICE_ROLE_PREFIX + d.id);
    await this.dynsec.runChecked(
      planAccount(deviceAccount(d.id, d.kind, passwordOnlyIfNew && now.client ? undefined : d.secret), now),
    );
  }

  private ingestAccount(withPassword: boolean): BrokerAccount {
    const { username, password } = this.ingest!;
    return {
      username,
      rolename: INGEST_ROLE,
      acls: ingestAcls(),
      textname: 'ZTJ ingest (managed by the ZTJ server)',
      ...(withPassword ? { password } : {}),
    };
  }

  private async removeNow(id: string): Promise<void> {
    const rolename = DEVICE_ROLE_PREFIX + id;
    await this.dynsec.runChecked(planRemoval(id, rolename, await this.dynsec.getClientAndRole(id, rolename)), [
      'Client not found',
      'Role not found',
    ]);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => undefined);
    return run;
  }
}
