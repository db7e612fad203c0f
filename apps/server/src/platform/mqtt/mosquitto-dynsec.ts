import crypto from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';

/**
 * A client of Mosquitto's dynamic-security plugin (Mosquitto ≥ 2.0;
 * docs/external-broker.md). The plugin is driven by JSON on `$CONTROL/dynamic-security/v1`:
 * `{"commands":[{"command":"createClient",…}, …]}`, answered on
 * `$CONTROL/dynamic-security/v1/response` with `{"responses":[{"command", "error"?, "data"?,
 * "correlationData"?}, …]}` in the same order. Every command sent here carries a correlation id with
 * a random per-client prefix, so answers to other administrators on the same broker are ignored.
 *
 * Observed on Mosquitto 2.0.11 (and relied on): ACL topics are literal (no `%u`/`%c`
 * substitution), a shared subscription is checked with its `$share/<group>/` prefix, `deleteClient`
 * disconnects the client's open sessions, and `addClientRole` of a role the client already has
 * answers "Internal error" (so callers diff before adding).
 */

export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;

/** ACL types of the plugin. */
export type DynsecAclType =
  | 'publishClientSend'
  | 'publishClientReceive'
  | 'subscribeLiteral'
  | 'subscribePattern'
  | 'unsubscribeLiteral'
  | 'unsubscribePattern';

/** One ACL entry of a role. */
export interface DynsecAcl {
  acltype: DynsecAclType;
  topic: string;
  allow: boolean;
  priority?: number;
}

/** A command: its name plus the plugin's fields for it (username, rolename, acls…). */
export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}

/** The answer to one command; `error` is the plugin's text ("Client already exists", …). */
export interface DynsecResponse {
  command: string;
  error?: string;
  data?: unknown;
}

/** A client as `listClients`/`getClient` describe it. */
export interface DynsecClientInfo {
  username: string;
  textname?: string;
  roles: { rolename: string; priority?: number }[];
  groups: { groupname: string }[];
}

/** A role as `listRoles`/`getRole` describe it. */
export interface DynsecRoleInfo {
  rolename: string;
  textname?: string;
  acls: DynsecAcl[];
}

/** A command the plugin refused (not thrown for errors the caller said it expects). */
export class DynsecError extends Error {
  constructor(
    readonly command: string,
    readonly reason: string,
  ) {
    super(`dynamic-security ${command}: ${reason}`);
  }
}

/** Commands per control message (each command makes the plugin save its file; keep messages small). */
const CHUNK = 100;

/** The plugin's connection; see the file comment. */
export class DynsecClient {
  private readonly prefix = crypto.randomBytes(6).toString('hex');
  private seq = 0;
  private readonly waiting = new Map<string, (r: DynsecResponse) => void>();

  private constructor(
    private readonly client: MqttClient,
    private readonly timeoutMs: number,
  ) {
    client.on('message', (topic, payload) => {
      if (topic === DYNSEC_RESPONSE_TOPIC) this.onResponse(payload);
    });
  }

  /**
   * Connects as the plugin's administrator (a client with the `$CONTROL/dynamic-security/#`
   * ACLs that `mosquitto_ctrl dynsec init` creates) and subscribes to the answers.
   * @throws Error naming the broker when the connection or the subscription is refused.
   */
  static async connect(
    url: string,
    auth: { username: string; password: string },
    timeoutMs = 15_000,
  ): Promise<DynsecClient> {
    let client: MqttClient;
    try {
      // mqtt.js lets user-info in the URL win over the options: connect without it.
      client = await connectAsync(redactUrl(url), {
        protocolVersion: 5,
        username: auth.username,
        password: auth.password,
        clientId: `ztj-dynsec-${crypto.randomBytes(6).toString('hex')}`,
        clean: true,
        reconnectPeriod: 2_000,
        connectTimeout: 10_000,
        log: () => undefined,
      });
    } catch (e) {
      throw new Error(
        `dynamic-security: cannot connect to ${redactUrl(url)} as ${auth.username}: ${(e as Error).message}`,
      );
    }
    const granted = await client.subscribeAsync(DYNSEC_RESPONSE_TOPIC, { qos: 1 }).catch((e: Error) => e);
    if (granted instanceof Error || granted.some((g) => g.qos > 2)) {
      await client.endAsync(true);
      throw new Error(
        `dynamic-security: ${auth.username} may not subscribe to ${DYNSEC_RESPONSE_TOPIC} (is the plugin loaded and is this its admin?)`,
      );
    }
    return new DynsecClient(client, timeoutMs);
  }

  /**
   * Runs `commands` in order (several control messages when there are many) and returns one
   * response per command.
   * @throws Error when the broker does not answer within the timeout or refuses the publish.
   */
  async run(commands: readonly DynsecCommand[]): Promise<DynsecResponse[]> {
    const out: DynsecResponse[] = [];
    for (let i = 0; i < commands.length; i += CHUNK) out.push(...(await this.runChunk(commands.slice(i, i + CHUNK))));
    return out;
  }

  /**
   * Runs `commands` and throws on the first error not in `tolerated` (matched on the error text).
   * @throws DynsecError for a refused command.
   */
  async runChecked(commands: readonly DynsecCommand[], tolerated: readonly string[] = []): Promise<DynsecResponse[]> {
    const responses = await this.run(commands);
    for (const r of responses) if (r.error && !tolerated.includes(r.error)) throw new DynsecError(r.command, r.error);
    return responses;
  }

  /** Every client (verbose). */
  async listClients(): Promise<DynsecClientInfo[]> {
    const [r] = await this.runChecked([{ command: 'listClients', verbose: true }]);
    return (r?.data as { clients?: DynsecClientInfo[] } | undefined)?.clients ?? [];
  }

  /** Every role with its ACLs (verbose). */
  async listRoles(): Promise<DynsecRoleInfo[]> {
    const [r] = await this.runChecked([{ command: 'listRoles', verbose: true }]);
    return (r?.data as { roles?: DynsecRoleInfo[] } | undefined)?.roles ?? [];
  }

  /** One client and one role (null when absent), in one round trip. */
  async getClientAndRole(
    username: string,
    rolename: string,
  ): Promise<{ client: DynsecClientInfo | null; role: DynsecRoleInfo | null }> {
    const [c, r] = await this.run([
      { command: 'getClient', username },
      { command: 'getRole', rolename },
    ]);
    return {
      client: c?.error ? null : ((c?.data as { client?: DynsecClientInfo } | undefined)?.client ?? null),
      role: r?.error ? null : ((r?.data as { role?: DynsecRoleInfo } | undefined)?.role ?? null),
    };
  }

  async close(): Promise<void> {
    for (const resolve of this.waiting.values()) resolve({ command: '?', error: 'connection closed' });
    this.waiting.clear();
    await this.client.endAsync();
  }

  private async runChunk(commands: readonly DynsecCommand[]): Promise<DynsecResponse[]> {
    const ids = commands.map(() => `${this.prefix}:${++this.seq}`);
    const answers = ids.map(
      (id) =>
        new Promise<DynsecResponse>((resolve, reject) => {
          const timer = setTimeout(() => {
            this.waiting.delete(id);
            reject(new Error(`dynamic-security: no answer within ${this.timeoutMs} ms (is the plugin loaded?)`));
          }, this.timeoutMs);
          this.waiting.set(id, (r) => {
            clearTimeout(timer);
            this.waiting.delete(id);
            resolve(r);
          });
        }),
    );
    const payload = JSON.stringify({ commands: commands.map((c, i) => ({ ...c, correlationData: ids[i] })) });
    try {
      await this.client.publishAsync(DYNSEC_TOPIC, payload, { qos: 1 });
    } catch (e) {
      for (const id of ids) this.waiting.get(id)?.({ command: '?', error: (e as Error).message });
      throw new Error(`dynamic-security: publish refused: ${(e as Error).message}`);
    }
    return Promise.all(answers);
  }

  private onResponse(payload: Buffer): void {
    let body: { responses?: (DynsecResponse & { correlationData?: unknown })[] };
    try {
      body = JSON.parse(payload.toString('utf8')) as typeof body;
    } catch {
      return;
    }
    for (const r of body.responses ?? []) {
      if (typeof r.correlationData !== 'string') continue;
      const { correlationData, ...rest } = r;
      this.waiting.get(correlationData)?.(rest);
    }
  }
}

/** `url` without its user-info (for messages and banners). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//');
  }
}
