import { z } from 'zod';
import { PageQuerySchema } from '../envelope';
import { RefIdSchema } from '../validation';

/**
 * Generic list contract (SPEC §7 "Generic list", §9 paging; ARCHITECTURE §3 "never let a client
 * name SQL"). Every list takes `pageNo`, `pageSize` (10), `column`, `order` (createTime desc),
 * `superQueryParams` (URL-encoded JSON array of {@link SuperQueryCondition}), `superQueryMatchType`
 * and query fields named after the entity's public fields, with the value conventions:
 * `*x*` like, `x*` right like, `*x` left like, `!x` not equal, `>=x` / `<=x`, `field_begin` /
 * `field_end` ranges, and comma lists (`in`) where a field allows them. A field, rule or sort
 * column that is not on the entity's allow-list is answered with code 400 naming it.
 */

/** Advanced-query rules (SPEC §9). */
export const SUPER_QUERY_RULES = ['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le'] as const;
export type SuperQueryRule = (typeof SUPER_QUERY_RULES)[number];

/** One advanced-query condition (SPEC §3 "Advanced-query condition"). */
export const SuperQueryConditionSchema = z.object({
  field: z.string(),
  rule: z.enum(SUPER_QUERY_RULES),
  val: z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]).optional(),
  type: z.string().optional(),
});
export type SuperQueryCondition = z.infer<typeof SuperQueryConditionSchema>;

/** Query-string keys every list understands besides the entity's fields. */
export const LIST_RESERVED_KEYS = [
  'pageNo',
  'pageSize',
  'column',
  'order',
  'field',
  'superQueryParams',
  'superQueryMatchType',
  '_t',
  'selections',
] as const;

/**
 * Query of a generic list: paging, sort, advanced query, and any entity field (validated by the
 * server against the entity's allow-list, so the schema lets them through).
 */
export const ListQuerySchema = PageQuerySchema.extend({
  superQueryParams: z.string().max(8000).optional(),
  superQueryMatchType: z.enum(['and', 'or']).optional(),
  field: z.string().max(2000).optional(),
  _t: z.string().optional(),
  selections: z.string().max(20000).optional(),
}).catchall(z.union([z.string().max(2000), z.array(z.string().max(2000)).max(50)]));
export type ListQuery = z.input<typeof ListQuerySchema>;

/** `?id=` of single-row operations (SPEC §7 delete by id). */
export const IdQuerySchema = z.object({ id: RefIdSchema });
/** `?ids=a,b,c` of batch operations (SPEC §7 batch delete with comma-joined ids). */
export const IdsQuerySchema = z.object({ ids: z.string().min(1).max(20000) });

/** Result of an import that fully succeeded (SPEC §7, §8 import). */
export const ImportResultSchema = z.object({ msg: z.string(), success: z.number().int(), failed: z.number().int() });
export type ImportResult = z.infer<typeof ImportResultSchema>;

/**
 * `result` of an import answered with code 201 (partial failure, SPEC §7): `fileUrl` is the
 * error file (rows and reasons) relative to the base path, downloadable with GET.
 */
export const ImportPartialResultSchema = z.object({
  msg: z.string(),
  fileUrl: z.string(),
  fileName: z.string(),
  success: z.number().int(),
  failed: z.number().int(),
});
export type ImportPartialResult = z.infer<typeof ImportPartialResultSchema>;

/** Uploaded file answer (SPEC §3 "Uploaded file"): `filePath` relative to the static route. */
export const UploadResultSchema = z.object({
  fileName: z.string(),
  filePath: z.string(),
  fileSize: z.number().int(),
  url: z.string(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

/** Splits a comma-joined id list, dropping blanks and duplicates. */
export function splitIds(ids: string | undefined): string[] {
  if (!ids) return [];
  return [
    ...new Set(
      ids
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Zod schema of a `<field>_dictText` companion of list records: the text of a
 * dictionary field's value in the caller's language, as JeecgBoot clients render them
 * (`sex_dictText`, `status_dictText`…); the server fills them from the list's field options.
 * Record schemas list each companion by name (no helper call at module level, so the console's
 * chunks that only import types stay free of zod).
 */
export const DictTextSchema = z.string().nullable().optional();
