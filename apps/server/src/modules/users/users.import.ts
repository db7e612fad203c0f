import { UserCreateSchema } from '@ztj/contracts';
import { z } from 'zod';
import { generatePassword } from '../../platform/auth/tokens';
import type { Queryable } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import type { ImportSpec } from '../../platform/list/import-runner';
import { USER_LIST, USER_OPTIONS } from './users.list';
import { departIdByCode, freezeImported } from './users.repo';
import { createUser } from './users.service';

const f = USER_LIST.fields;
const StatusSchema = z.union([z.literal(1), z.literal(2)]);

/** Id of the department with `orgCode` in the tenant. @throws AppError notFound departCodeUnknown. */
async function departByCode(q: Queryable, tenantId: number, orgCode: string): Promise<string> {
  const id = await departIdByCode(q, tenantId, orgCode);
  if (!id) throw new AppError('notFound', 'departCodeUnknown', { code: orgCode });
  return id;
}

const num = (v: string | undefined): number | undefined => (v === undefined ? undefined : Number(v));

/**
 * User import (SPEC §7 importExcel): one row per user; headers are the export's labels (either
 * language) or field names, and the export's dictionary texts (sex, status, identity) are read
 * back to their values, so a file the server exported imports again. Each row passes the same
 * schema as the add form; the department code puts the user in that department of the caller's
 * tenant (departCodeUnknown otherwise); status 2 imports a frozen user. An existing account
 * fails its row with userExists (SPEC §5), reported in the error file (code 201). A row without
 * a password gets a random one (the administrator resets it before the user signs in).
 */
export const USER_IMPORT: ImportSpec = {
  name: 'users',
  columns: {
    username: f.username!.label,
    realname: f.realname!.label,
    phone: f.phone!.label,
    email: f.email!.label,
    sex: f.sex!.label,
    birthday: f.birthday!.label,
    telephone: f.telephone!.label,
    workNo: f.workNo!.label,
    post: f.post!.label,
    status: f.status!.label,
    userIdentity: f.userIdentity!.label,
    orgCode: f.orgCode!.label,
    password: { 'zh-CN': '密码', 'en-US': 'Password' },
  },
  options: { sex: USER_OPTIONS.sex, status: USER_OPTIONS.status, userIdentity: USER_OPTIONS.userIdentity },
  async importRow(q, row, caller) {
    const body = UserCreateSchema.parse({
      username: row.username ?? '',
      realname: row.realname ?? '',
      phone: row.phone ?? '',
      email: row.email,
      sex: num(row.sex),
      birthday: row.birthday,
      telephone: row.telephone,
      workNo: row.workNo,
      post: row.post,
      userIdentity: num(row.userIdentity),
      password: row.password ?? generatePassword(),
    });
    const status =
      row.status === undefined ? 1 : z.object({ status: StatusSchema }).parse({ status: Number(row.status) }).status;
    const selecteddeparts = row.orgCode ? await departByCode(q, caller.tenantId, row.orgCode) : undefined;
    const id = await createUser(q, { ...body, ...(selecteddeparts ? { selecteddeparts } : {}) }, caller);
    if (status === 2) await freezeImported(q, id);
  },
};
