import { z } from 'zod';

/**
 * Envelope codes written in `code` of every API answer (SPEC §7, §8; ARCHITECTURE §3).
 * 200 success; 201 partial import; 401 not signed in (HTTP 401 as well);
 * 510 permission denied (HTTP 200, the spec's clients read it from the body); the rest are
 * business errors answered with `success: false`.
 */
export const ResultCode = {
  OK: 200,
  IMPORT_PARTIAL: 201,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCKED: 423,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  NO_PERMISSION: 510,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** One field that failed validation: `field` is the dotted path in the request body or query. */
export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/**
 * The response envelope of every call (SPEC §7): `{success, message, code, result, timestamp}`.
 * `timestamp` is ms epoch. `errors` is present only on validation failures (code 400).
 */
export interface ApiResponse<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
  errors?: FieldError[];
}

/** Builds the zod schema of an envelope around `result`, used for OpenAPI and response checks. */
export function envelopeOf<T extends z.ZodType>(result: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    code: z.number().int(),
    result,
    timestamp: z.number().int(),
    errors: z.array(FieldErrorSchema).optional(),
  });
}

/** A page of a list (SPEC §7 generic list): `current` is 1-based, `pages` = ceil(total / size). */
export interface PageResult<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export function pageResultOf<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
  });
}

/** Paging query fields shared by every list (SPEC §7, §9: page size 10, options 10/20/30). */
export const PageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  /** Sort field; `''` (a cleared sorter) means the default sort. */
  column: z
    .string()
    .max(64)
    .transform((v) => v || undefined)
    .optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;
