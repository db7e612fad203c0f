import { z } from 'zod';
import { defineRoute } from '../route';

/**
 * Tamper-evident records: per tenant, hash chains of ledger entries over
 * telemetry (one entry per committed ingest batch), alarm processing records, report generations
 * and the operation (audit) log. Verification recomputes every digest from the stored rows and
 * walks each chain; it answers "intact" or the first broken link of each chain.
 */

/** The chains of a tenant. */
export const LEDGER_CHAINS = ['telemetry', 'alarmRecord', 'report', 'audit'] as const;
export type LedgerChain = (typeof LEDGER_CHAINS)[number];

/**
 * What is wrong at a broken link:
 * - `seqGap`: an entry is missing (sequence number jumps);
 * - `prevHash`: the entry does not carry the previous entry's hash;
 * - `entryHash`: the entry's own fields were changed (its hash does not match them);
 * - `content`: a record entry's stored content does not match its digest;
 * - `rowChanged`: the chained row (telemetry of a batch, a record) differs from what was chained;
 * - `rowMissing`: the chained row is gone (records that may not be deleted);
 * - `unlinked`: a row exists that no entry chains (inserted around the ledger);
 * - `head`: the chain ends before its recorded head (newest entries removed).
 */
export const LEDGER_PROBLEMS = [
  'seqGap',
  'prevHash',
  'entryHash',
  'content',
  'rowChanged',
  'rowMissing',
  'unlinked',
  'head',
] as const;
export type LedgerProblem = (typeof LEDGER_PROBLEMS)[number];

/** The first broken link of a chain. `expected`/`found`: hashes, digests, counts or sequence numbers as text. */
export const LedgerBreakSchema = z.object({
  problem: z.enum(LEDGER_PROBLEMS),
  /** Ledger entry id (null for an unlinked row). */
  entryId: z.string().nullable(),
  seq: z.number().int().nullable(),
  /** When the entry was appended, ms epoch (null when unknown). */
  time: z.number().nullable(),
  /** The chained row (record id) or partition concerned, when there is one. */
  ref: z.string().nullable(),
  expected: z.string().nullable(),
  found: z.string().nullable(),
});
/** See {@link LedgerBreakSchema}. */
export type LedgerBreak = z.infer<typeof LedgerBreakSchema>;

/** A documented gap: telemetry partition [from, to) dropped by retention at `time` with `rows` of the tenant's readings. */
export const LedgerGapSchema = z.object({
  partition: z.string(),
  from: z.number(),
  to: z.number(),
  rows: z.number().int(),
  time: z.number(),
});
export type LedgerGap = z.infer<typeof LedgerGapSchema>;

/** Verification of one chain of the caller's tenant. */
export const LedgerChainReportSchema = z.object({
  chain: z.enum(LEDGER_CHAINS),
  intact: z.boolean(),
  /** Entries walked. */
  entries: z.number().int(),
  /** Rows whose digests were recomputed (readings of batches, records). */
  rows: z.number().int(),
  /** Newest entry's time, ms epoch (null for an empty chain). */
  lastTime: z.number().nullable(),
  /** Telemetry: ranges dropped by retention (not breaks). */
  gaps: z.array(LedgerGapSchema),
  /** Telemetry: batch entries whose rows fell in a dropped range (digest not recomputable, documented). */
  pruned: z.number().int(),
  /** Telemetry: readings stored before chaining began (not chained, not a break). Reports: records deleted by their owner or expiry. */
  unchained: z.number().int(),
  firstBreak: LedgerBreakSchema.nullable(),
});
export type LedgerChainReport = z.infer<typeof LedgerChainReportSchema>;

/** Verification of the caller's tenant. */
export const LedgerVerifySchema = z.object({
  tenantId: z.number().int(),
  intact: z.boolean(),
  /** When the verification ran, ms epoch. */
  checkedAt: z.number(),
  chains: z.array(LedgerChainReportSchema),
});
export type LedgerVerify = z.infer<typeof LedgerVerifySchema>;

/** Permission code of the verification (administrators). */
export const LEDGER_VERIFY_PERM = 'ledger:verify';

export const LedgerRoutes = {
  verify: defineRoute({
    method: 'GET',
    path: '/sys/ledger/verify',
    access: LEDGER_VERIFY_PERM,
    tag: 'ledger',
    summary:
      "Verify the tenant's hash chains (telemetry, alarm records, reports, audit log): intact or the first broken link",
    query: z.object({ chain: z.enum(LEDGER_CHAINS).optional() }),
    result: LedgerVerifySchema,
  }),
} as const;
