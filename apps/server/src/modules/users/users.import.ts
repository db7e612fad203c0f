import { UserCreateSchema } from '@ztj/contracts';
import { generatePassword } from '../../platform/auth/tokens';
import type { ImportSpec } from '../../platform/list/import-runner';
import { USER_LIST } from './users.list';
import { createUser } from './users.service';

const SEX: Record<string, 1 | 2> = { '1': 1, '2': 2, 男: 1, 女: 2, male: 1, female: 2, m: 1, f: 2 };
const f = USER_LIST.fields;

/**
 * User import (SPEC §7 importExcel): one row per user; headers are the export's labels (either
 * language) or field names. Each row passes the same schema as the add form. A row without a
 * password gets a random one (the administrator resets it before the user signs in).
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
    password: { 'zh-CN': '密码', 'en-US': 'Password' },
  },
  async importRow(q, row, caller) {
    const sex = row.sex === undefined ? undefined : SEX[row.sex.toLowerCase()] ?? Number(row.sex);
    const body = UserCreateSchema.parse({
      username: row.username ?? '',
      realname: row.realname ?? '',
      phone: row.phone ?? '',
      email: row.email,
      sex,
      birthday: row.birthday,
      telephone: row.telephone,
      workNo: row.workNo,
      post: row.post,
      password: row.password ?? generatePassword(),
    });
    await createUser(q, body, caller);
  },
};
