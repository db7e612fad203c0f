import type { DynsecAcl, DynsecClientInfo, DynsecCommand, DynsecRoleInfo } from './mosquitto-dynsec';

/**
 * What one broker account should look like in Mosquitto's dynamic-security plugin: a client
 * (username, optional password) holding exactly one role of its own with exactly `acls`.
 * Pure planning, no I/O: {@link planAccount} turns the wanted and the current state into the
 * plugin commands that make them equal (nothing when they already are), so syncing is idempotent.
 */
export interface BrokerAccount {
  username: string;
  /** Set (or reset) when given; left as it is when undefined (the plaintext is not always known). */
  password?: string;
  /** The account's own role. */
  rolename: string;
  acls: DynsecAcl[];
  textname: string;
}

/** Refusal to take over a broker client that something else manages. */
export class ForeignClientError extends Error {
  constructor(readonly username: string) {
    super(
      `broker client ${username} exists with other roles and is not managed by this server; rename the device or remove that client`,
    );
  }
}

const aclKey = (a: Pick<DynsecAcl, 'acltype' | 'topic'>): string => `${a.acltype} ${a.topic}`;

/**
 * Commands turning `current` (the client and the role as the plugin reports them, null when
 * absent) into `want`. The role is created or its ACLs corrected first, then the client is created
 * with the role or given it, then the password set.
 * @throws ForeignClientError when the client exists, lacks the role and holds other roles (a
 *   device id that collides with, e.g., the plugin's admin must never take that account over).
 */
export function planAccount(
  want: BrokerAccount,
  current: { client: DynsecClientInfo | null; role: DynsecRoleInfo | null },
): DynsecCommand[] {
  const { client, role } = current;
  if (client && !client.roles.some((r) => r.rolename === want.rolename) && client.roles.length > 0)
    throw new ForeignClientError(want.username);
  const cmds: DynsecCommand[] = [];
  if (!role) {
    cmds.push({ command: 'createRole', rolename: want.rolename, textname: want.textname, acls: want.acls });
  } else {
    const wanted = new Map(want.acls.map((a) => [aclKey(a), a]));
    const have = new Map(role.acls.map((a) => [aclKey(a), a]));
    for (const [k, a] of have) {
      const w = wanted.get(k);
      if (!w || w.allow !== a.allow)
        cmds.push({ command: 'removeRoleACL', rolename: want.rolename, acltype: a.acltype, topic: a.topic });
    }
    for (const [k, w] of wanted) {
      const a = have.get(k);
      if (!a || a.allow !== w.allow) cmds.push({ command: 'addRoleACL', rolename: want.rolename, ...w });
    }
  }
  if (!client) {
    cmds.push({
      command: 'createClient',
      username: want.username,
      textname: want.textname,
      roles: [{ rolename: want.rolename }],
      ...(want.password !== undefined ? { password: want.password } : {}),
    });
    return cmds;
  }
  if (!client.roles.some((r) => r.rolename === want.rolename))
    cmds.push({ command: 'addClientRole', username: want.username, rolename: want.rolename });
  if (want.password !== undefined)
    cmds.push({ command: 'setClientPassword', username: want.username, password: want.password });
  return cmds;
}

/**
 * Commands removing an account: the client (which disconnects its sessions) and its role. A client
 * of that name without the role is not this server's and is left alone.
 */
export function planRemoval(
  username: string,
  rolename: string,
  current: { client: DynsecClientInfo | null; role: DynsecRoleInfo | null },
): DynsecCommand[] {
  const cmds: DynsecCommand[] = [];
  if (current.client?.roles.some((r) => r.rolename === rolename)) cmds.push({ command: 'deleteClient', username });
  if (current.role) cmds.push({ command: 'deleteRole', rolename });
  return cmds;
}
