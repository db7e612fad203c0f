import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginRequestSchema } from './auth';
import { AuthRoutes } from './auth.routes';
import { coerceWire, wireLenient } from './coerce';
import { UserRoutes } from './system';

describe('wire encoding leniency', () => {
  const schema = wireLenient(
    z
      .object({
        sex: z.union([z.literal(1), z.literal(2)]).nullish(),
        sortNo: z.number().min(0).default(1),
        checkKey: z.string().max(64).optional(),
        tags: z.array(z.number()).default([]),
        nested: z.object({ level: z.number().int() }).optional(),
        mode: z.enum(['a', 'b']).optional(),
        either: z.union([z.string(), z.number()]).optional(),
        kind: z
          .discriminatedUnion('type', [
            z.object({ type: z.literal(1), v: z.number() }),
            z.object({ type: z.literal(2), w: z.string() }),
          ])
          .optional(),
      })
      .refine((v) => v.sortNo !== 13, { path: ['sortNo'], message: 'unlucky' }),
  );

  it('turns numeric strings into numbers and numbers into strings where the schema wants the other', () => {
    const parsed = schema.parse({
      sex: '2',
      sortNo: '1.5',
      checkKey: 1764050000000,
      tags: ['3', 4],
      nested: { level: '7' },
      kind: { type: '2', w: 5 },
    });
    expect(parsed).toEqual({
      sex: 2,
      sortNo: 1.5,
      checkKey: '1764050000000',
      tags: [3, 4],
      nested: { level: 7 },
      kind: { type: 2, w: '5' },
    });
  });

  it('keeps every rule of the schema on the converted value and converts nothing else', () => {
    expect(schema.safeParse({ sex: '3' }).success).toBe(false);
    expect(schema.safeParse({ sortNo: '-1' }).success).toBe(false);
    expect(schema.safeParse({ sortNo: '13' }).error?.issues[0]?.message).toBe('unlucky');
    expect(schema.safeParse({ sortNo: '' }).success).toBe(false);
    expect(schema.safeParse({ sortNo: '1e3' }).success).toBe(false);
    expect(schema.safeParse({ sortNo: '0x10' }).success).toBe(false);
    expect(schema.safeParse({ sortNo: true }).success).toBe(false);
    expect(schema.parse({ sex: null }).sex).toBeNull();
    expect(schema.parse({ either: '12' }).either).toBe('12');
    expect(schema.safeParse({ mode: 1 }).success).toBe(false);
  });

  it('does not change the value it is given', () => {
    const input = { sex: '1' };
    coerceWire(schema, input);
    expect(input).toEqual({ sex: '1' });
  });

  it('makes the route table lenient as the server registers it: a JeecgBoot login body and a user form with string numbers', () => {
    expect(
      wireLenient(AuthRoutes.login.body!).parse({
        username: 'admin',
        password: 'x',
        captcha: 'abcd',
        checkKey: 1764050000000,
      }).checkKey,
    ).toBe('1764050000000');
    expect(LoginRequestSchema.safeParse({ username: 'admin', password: 'x', checkKey: 1 }).success).toBe(false);
    const user = wireLenient(UserRoutes.add.body!).parse({
      username: 'jeecg01',
      password: 'Abcdef#123',
      realname: 'Jeecg',
      phone: '13800000000',
      sex: '1',
      userIdentity: '2',
    });
    expect(user).toMatchObject({ sex: 1, userIdentity: 2 });
  });

  it('keeps the JSON Schema of the route (OpenAPI)', () => {
    const json = z.toJSONSchema(wireLenient(UserRoutes.add.body!), { io: 'input' }) as {
      properties?: Record<string, unknown>;
    };
    expect(Object.keys(json.properties ?? {})).toContain('sex');
  });
  it("reports a long list's first refused item only, at its index, and accepts what it accepted", () => {
    const ids = z.object({ ids: z.array(z.string().min(1).max(8)).max(10_000) });
    const lenient = wireLenient(ids);
    const list = Array.from({ length: 5_000 }, (_, i) => (i >= 1_234 ? { bad: i } : `d${i}`));
    const r = lenient.safeParse({ ids: list });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path)).toEqual([['ids', 1_234]]);
    expect(ids.safeParse({ ids: list }).error!.issues.length).toBe(3_766); // the plain schema: one per bad item
    const good = Array.from({ length: 5_000 }, (_, i) => `d${i}`);
    expect(lenient.parse({ ids: good }).ids).toEqual(good);
    expect(lenient.safeParse({ ids: [...good.slice(0, 10), ''] }).error!.issues.map((i) => i.path)).toEqual([
      ['ids', 10],
    ]);
  });
});
