import {
  INGEST_TOPIC_FILTERS,
  isGatewayKind,
  parseTopic,
  sharedIngestFilters,
  topics,
  type DeviceCommand,
} from '@ztj/contracts';
import type { Config } from '../../platform/config/config';
import type { Db } from '../../platform/db/db';
import {
  startEmbeddedBroker,
  type BrokerLimitStats,
  type BrokerTraffic,
  type BrokerPolicy,
  type EmbeddedBroker,
} from '../../platform/mqtt/embedded-broker';
import { connectIngestClient, type IngestClient } from '../../platform/mqtt/ingest-client';
import { redactUrl } from '../../platform/mqtt/mosquitto-dynsec';
import { DeviceBrokerAccounts } from '../devices/device-broker-accounts';
import type { RealtimeHub } from '../../platform/realtime/hub';
import { DeviceRegistry } from './device-registry';
import { verifyDeviceSecret } from '../devices/device-secrets';
import type { Settling } from '../../platform/mqtt/settling';
import { IngestService, type IngestOptions } from './ingest.service';
import { LiveFanout } from './live-fanout';
import { CopyTelemetryStore, SqlTelemetryStore } from './telemetry-store';

/**
 * The device side of the server (ARCHITECTURE §1, §5): the device registry, the ingest, the
 * broker connection (embedded aedes on `MQTT_PORT`, or an external broker at `MQTT_URL`) and the
 * command channel down to devices. Started when the HTTP app is ready, stopped when it closes.
 */
export class IngestRuntime {
  readonly registry: DeviceRegistry;
  readonly ingest: IngestService;
  private broker: EmbeddedBroker | undefined;
  private client: IngestClient | undefined;
  private accounts: DeviceBrokerAccounts | undefined;

  constructor(
    private readonly config: Config,
    private readonly db: Db,
    hub: RealtimeHub,
    options: IngestOptions & {
      connections?: number;
      shareGroup?: string;
      subscribeQos?: 0 | 1;
      topicFilters?: readonly string[];
    } = {},
  ) {
    this.registry = new DeviceRegistry(db);
    const store = config.databaseUrl
      ? new CopyTelemetryStore(config.databaseUrl, config.databaseSchema)
      : new SqlTelemetryStore(db);
    this.ingest = new IngestService(db, this.registry, store, new LiveFanout(hub), {
      ...options,
      deadLetters: { perClient: config.ingestDeadLetterBudget, ...options.deadLetters },
    });
    this.connections = options.connections ?? (config.mqttShared ? 2 : 1);
    this.shareGroup = options.shareGroup ?? 'ingest';
    this.subscribeQos = options.subscribeQos ?? 1;
    this.topicFilters = options.topicFilters;
    this.onError = options.onError;
    this.registry.onChange((id) => void this.accounts?.syncDevice(id).catch((e: Error) => this.onError?.(e)));
  }
  private readonly onError: ((err: Error) => void) | undefined;
  private readonly subscribeQos: 0 | 1;
  /** Tests on a shared broker: subscribe to these filters instead of the ingest topics. */
  private readonly topicFilters: readonly string[] | undefined;
  /** Connections to the external broker (with shared subscriptions each has its own broker queue). */
  private readonly connections: number;
  /** Shared-subscription group: processes of one installation share `ingest`; benchmarks use their own. */
  private readonly shareGroup: string;

  /** True while the ingest's batch writes fail (see {@link IngestService.storeFailing}). */
  get storeFailing(): boolean {
    return this.ingest.storeFailing;
  }

  /** Rows accepted and not yet committed, rows (see {@link IngestService.pendingRows}). */
  get pendingRows(): number {
    return this.ingest.pendingRows;
  }

  /** Port of the embedded broker once started; undefined when it is off or an external broker is used. */
  get mqttPort(): number | undefined {
    return this.broker?.port;
  }

  /**
   * The broker's device accounts (`MQTT_DYNSEC=on`, once started): pass it to `provisionDevice`
   * so a newly issued secret becomes the device's broker password. Undefined otherwise.
   */
  get brokerAccounts(): DeviceBrokerAccounts | undefined {
    return this.accounts;
  }

  /** What the embedded broker's limits refused (packet size, connect timeout, rate); undefined without it. */
  get brokerStats(): BrokerLimitStats | undefined {
    return this.broker?.stats;
  }

  /** Connected clients and messages of the embedded broker (monitoring); undefined without it. */
  get brokerTraffic(): BrokerTraffic | undefined {
    return this.broker?.traffic;
  }

  /**
   * Subscription filters on the external broker: `MQTT_INGEST_TOPICS` or every device topic, as an
   * MQTT 5 shared subscription of the ingest group with `MQTT_SHARED=on`.
   */
  private configuredFilters(): string[] {
    const filters = this.config.mqttIngestTopics ?? INGEST_TOPIC_FILTERS;
    return this.config.mqttShared ? sharedIngestFilters(this.shareGroup, filters) : [...filters];
  }

  /** URL devices (and the demo simulator) connect to, once started, without user-info; undefined without a broker. */
  get mqttUrl(): string | undefined {
    if (this.config.mqttUrl) return redactUrl(this.config.mqttUrl);
    return this.broker ? `mqtt://127.0.0.1:${this.broker.port}` : undefined;
  }

  /** Preloads devices and connects to / starts the broker. */
  async start(): Promise<void> {
    await this.registry.preload();
    const { mqttUrl, mqttPort, mqttShared } = this.config;
    if (mqttUrl) {
      if (this.config.mqttDynsec) await this.provisionBrokerAccounts(mqttUrl, this.config.mqttDynsec);
      const connect = (): Promise<IngestClient> =>
        connectIngestClient({
          url: mqttUrl,
          filters: this.topicFilters ?? this.configuredFilters(),
          connections: mqttShared ? this.connections : 1,
          qos: this.subscribeQos,
          onMessage: (topic, payload) => this.onMessage(topic, payload, undefined),
          ...(this.config.mqttClientId
            ? { session: { clientId: this.config.mqttClientId, sessionExpirySec: this.config.mqttSessionExpirySec } }
            : {}),
          whenReady: () => this.ingest.whenReady(),
        });
      try {
        this.client = await connect();
      } catch (e) {
        // The start-up sync sets the ingest's password only on an account it creates (setting it
        // disconnects the account's sessions); a refused ingest means MQTT_URL's password changed.
        if (!this.accounts || !/not authori[sz]ed|bad user ?name/i.test((e as Error).message)) throw e;
        await this.accounts.setIngestPassword();
        this.client = await connect();
      }
    } else if (mqttPort !== 'off') {
      this.broker = await startEmbeddedBroker({
        port: mqttPort,
        host: this.config.host,
        policy: this.policy(),
        onMessage: (topic, payload, identity) => this.onMessage(topic, payload, identity),
        limits: {
          maxPacket: this.config.mqttMaxPacket,
          connectTimeoutMs: this.config.mqttConnectTimeoutMs,
          publish: { rate: this.config.mqttRate, burst: this.config.mqttBurst },
        },
      });
    }
  }

  /**
   * `MQTT_DYNSEC=on`: syncs the ingest's and every device's broker account before the ingest
   * connects (it connects with the account made here); the constructor's registry listener then
   * re-syncs a device whenever the device cache is told it changed. Problems with single devices
   * are reported through `onError`.
   */
  private async provisionBrokerAccounts(url: string, dynsec: NonNullable<Config['mqttDynsec']>): Promise<void> {
    const report = (e: Error): void => this.onError?.(e);
    const accounts = await DeviceBrokerAccounts.connect(url, dynsec, this.db, dynsec.ingest);
    const r = await accounts.syncAll().catch(async (e: Error) => {
      await accounts.close().catch(() => undefined);
      throw e;
    });
    this.accounts = accounts;
    if (r.withoutPassword.length)
      report(
        new Error(
          `dynamic-security: ${r.withoutPassword.length} device(s) got a broker account without password (secret not known in clear; issue it again with npm run device:add): ${r.withoutPassword.slice(0, 20).join(', ')}`,
        ),
      );
    if (r.conflicts.length)
      report(
        new Error(
          `dynamic-security: broker clients not managed by this server hold these device ids: ${r.conflicts.join(', ')}`,
        ),
      );
    for (const err of r.errors) report(new Error(`dynamic-security: ${err}`));
  }

  /** Parsed topics: a fleet has one telemetry topic per device, so parsing each once is enough. */
  private readonly topicCache = new Map<string, ReturnType<typeof parseTopic>>();

  private parsedTopic(topic: string): ReturnType<typeof parseTopic> {
    let p = this.topicCache.get(topic);
    if (p === undefined) {
      p = parseTopic(topic);
      if (this.topicCache.size >= 100_000) this.topicCache.clear();
      this.topicCache.set(topic, p);
    }
    return p;
  }

  /** Hands a message to the ingest; returns what its acknowledgement waits on (undefined: ack at once). */
  private onMessage(topic: string, payload: Buffer, identity: string | undefined): Settling | undefined {
    const p = this.parsedTopic(topic);
    if (!p || p.channel === 'commands') return undefined;
    return this.ingest.take({
      source: topic,
      channel: p.channel,
      id: p.id,
      payload,
      ...(identity ? { authDeviceId: identity } : {}),
    });
  }

  /** Embedded broker rules: username = device id, password = its secret; own topics only. */
  private policy(): BrokerPolicy {
    return {
      authenticate: async (username, password) => {
        if (!username) return null;
        const d = await this.registry.get(username);
        return d && verifyDeviceSecret(password, d.secretHash) ? d.id : null;
      },
      canPublish: (identity, topic) => {
        const p = parseTopic(topic);
        if (!p || p.id !== identity) return false;
        if (p.channel === 'gatewayTelemetry') {
          const d = this.registry.peek(identity);
          return !!d && isGatewayKind(d.kind);
        }
        return p.channel !== 'commands';
      },
      canSubscribe: (identity, filter) => filter === topics.commands(identity),
    };
  }

  /** Publishes a command on `ztj/devices/{id}/commands` (QoS 1); false when no broker is connected. */
  async sendCommand(deviceId: string, command: DeviceCommand): Promise<boolean> {
    const topic = topics.commands(deviceId);
    const payload = JSON.stringify(command);
    try {
      if (this.broker) await this.broker.publish(topic, payload);
      else if (this.client) await this.client.publish(topic, payload);
      else return false;
      return true;
    } catch {
      return false;
    }
  }

  async stop(): Promise<void> {
    await this.client?.close().catch(() => undefined);
    await this.accounts?.close().catch(() => undefined);
    this.accounts = undefined;
    await this.broker?.close().catch(() => undefined);
    this.client = undefined;
    this.broker = undefined;
    await this.ingest.stop();
  }
}
