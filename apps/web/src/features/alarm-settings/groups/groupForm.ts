import type { TFunction } from 'i18next';
import { UserGroupAddSchema, type AlarmSettingsRoutes, type RouteBody, type UserGroupRecord } from '@ztj/contracts';
import { issuesToFields, type FieldEntry } from '../../../platform/forms/formIssues';

/** Body of user group add. */
export type GroupBody = RouteBody<typeof AlarmSettingsRoutes.groupAdd>;

/** A member row of the editor: a console user (`userId`) or an outside contact. */
export interface MemberForm {
  userId: string | null;
  name: string;
  phone: string;
  email: string;
  wechatOpenId: string;
  /** SPEC §4 push mode bitmask: 1 SMS, 2 WeChat, 4 e-mail. */
  pushMode: number;
}

/** Values of the user group editor. */
export interface GroupFormValues {
  name: string;
  description: string;
  members: MemberForm[];
}

/** Push mode bits of SPEC §4 in checkbox order. */
export const PUSH_MODE_BITS = [1, 2, 4] as const;

/** Bitmask → checked bits (`5` → `[1, 4]`). */
export const bitsOf = (mask: number | undefined): number[] => PUSH_MODE_BITS.filter((b) => ((mask ?? 0) & b) !== 0);
/** Checked bits → bitmask (`[1, 4]` → `5`). */
export const maskOf = (bits: readonly number[] | undefined): number => (bits ?? []).reduce((a, b) => a | b, 0);

/** A new outside contact (SMS and e-mail checked). */
export const newContact = (): MemberForm => ({
  userId: null,
  name: '',
  phone: '',
  email: '',
  wechatOpenId: '',
  pushMode: 5,
});

/** Editor values of a stored group. */
export function groupToForm(g: UserGroupRecord): GroupFormValues {
  return {
    name: g.name,
    description: g.description,
    members: g.members.map((m) => ({
      userId: m.userId,
      name: m.name,
      phone: m.phone,
      email: m.email,
      wechatOpenId: m.wechatOpenId,
      pushMode: m.pushMode,
    })),
  };
}

/**
 * The body checked with the contract's UserGroupAddSchema: a contact without phone, e-mail or
 * openid gets `validation.recipientNoContact` on `members.<i>.phone`; console users send only
 * their id and push mode (the server reads their contacts).
 */
export function validateGroup(values: GroupFormValues, t: TFunction): { body: GroupBody } | { errors: FieldEntry[] } {
  const body: GroupBody = {
    name: values.name ?? '',
    description: values.description ?? '',
    members: (values.members ?? []).map((m) =>
      m.userId
        ? { userId: m.userId, name: m.name ?? '', pushMode: m.pushMode ?? 0 }
        : {
            userId: null,
            name: m.name ?? '',
            phone: (m.phone ?? '').trim(),
            email: (m.email ?? '').trim(),
            wechatOpenId: (m.wechatOpenId ?? '').trim(),
            pushMode: m.pushMode ?? 0,
          },
    ),
  };
  const parsed = UserGroupAddSchema.safeParse(body);
  return parsed.success ? { body } : { errors: issuesToFields(parsed.error.issues, t) };
}
