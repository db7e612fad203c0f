import { describe, expect, it } from 'vitest';
import { ForeignClientError, planAccount, planRemoval, type BrokerAccount } from './dynsec-accounts';

const want: BrokerAccount = {
  username: 'DEV-1',
  rolename: 'ztj-device-DEV-1',
  textname: 't',
  acls: [
    { acltype: 'publishClientSend', topic: 'ztj/devices/DEV-1/telemetry', allow: true },
    { acltype: 'subscribeLiteral', topic: 'ztj/devices/DEV-1/commands', allow: true },
  ],
};
const role = { rolename: want.rolename, acls: want.acls.map((a) => ({ ...a, priority: 0 })) };
const client = { username: 'DEV-1', roles: [{ rolename: want.rolename }], groups: [] };

describe('dynamic-security account planning', () => {
  it('creates role then client (with the password when known) from nothing', () => {
    expect(planAccount({ ...want, password: 's' }, { client: null, role: null }).map((c) => c.command)).toEqual([
      'createRole',
      'createClient',
    ]);
    expect(planAccount(want, { client: null, role: null })[1]).not.toHaveProperty('password');
  });

  it('plans nothing when the broker already matches and no password is given (idempotent sync)', () => {
    expect(planAccount(want, { client, role })).toEqual([]);
  });

  it('corrects ACLs: removes extras, adds missing', () => {
    const drifted = {
      ...role,
      acls: [role.acls[0]!, { acltype: 'publishClientSend' as const, topic: 'ztj/#', allow: true, priority: 0 }],
    };
    expect(planAccount(want, { client, role: drifted })).toEqual([
      { command: 'removeRoleACL', rolename: want.rolename, acltype: 'publishClientSend', topic: 'ztj/#' },
      { command: 'addRoleACL', rolename: want.rolename, ...want.acls[1] },
    ]);
  });

  it('never takes over a client that holds other roles (e.g. a device id equal to the admin name)', () => {
    const admin = { username: 'DEV-1', roles: [{ rolename: 'admin' }], groups: [] };
    expect(() => planAccount({ ...want, password: 'x' }, { client: admin, role: null })).toThrow(ForeignClientError);
    expect(planRemoval('DEV-1', want.rolename, { client: admin, role: null })).toEqual([]);
  });

  it('removes the client and its role', () => {
    expect(planRemoval('DEV-1', want.rolename, { client, role }).map((c) => c.command)).toEqual([
      'deleteClient',
      'deleteRole',
    ]);
  });
});
