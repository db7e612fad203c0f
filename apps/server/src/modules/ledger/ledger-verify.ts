import {
  LEDGER_CHAINS,
  type LedgerBreak,
  type LedgerChain,
  type LedgerChainReport,
  type LedgerGap,
  type LedgerVerify,
} from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { GENESIS_HASH, RECORD_CHAINS, WALK_PAGE } from './ledger-chains';
import * as repo from './ledger-verify.repo';
import type { EntryRow } from './ledger-verify.repo';

/**
 * Verification of a tenant's hash chains (migration 0069). Every entry's hash is
 * recomputed from its fields and the previous entry's hash; every batch digest from the telemetry
 * rows that point at it; every record's content from the chained row. The walk of a chain stops
 * at its first broken link. Reads all of the tenant's chained telemetry once (one grouped scan).
 */

/** What the walk of one chain needs besides its entries. */
interface WalkContext {
  chain: LedgerChain;
  /** Telemetry: recomputed (count, digest) per batch entry id. */
  batches?: Map<string, { n: number; digest: string }>;
  gaps: LedgerGap[];
}

const brk = (
  problem: LedgerBreak['problem'],
  e: EntryRow | null,
  expected: string | null,
  found: string | null,
  ref?: string | null,
): LedgerBreak => ({
  problem,
  entryId: e?.id ?? null,
  seq: e ? Number(e.seq) : null,
  time: e ? Number(e.created_at) : null,
  ref: ref ?? e?.ref ?? null,
  expected,
  found,
});

/** Checks one entry against the walk so far; the break it shows, if any. */
function checkEntry(
  e: EntryRow,
  expectedSeq: number,
  prev: string,
  ctx: WalkContext,
  report: LedgerChainReport,
): LedgerBreak | null {
  if (Number(e.seq) !== expectedSeq) return brk('seqGap', e, String(expectedSeq), e.seq);
  if (e.prev_hash !== prev) return brk('prevHash', e, prev, e.prev_hash);
  if (e.recomputed !== e.hash) return brk('entryHash', e, e.recomputed, e.hash);
  if (ctx.chain === 'telemetry') {
    if (e.kind !== 'batch') return null;
    const lo = Number(e.ts_from);
    const hi = Number(e.ts_to);
    if (ctx.gaps.some((g) => lo < g.to && hi >= g.from)) {
      report.pruned++;
      return null;
    }
    const found = ctx.batches?.get(e.id) ?? { n: 0, digest: 'none' };
    report.rows += found.n;
    if (found.n !== e.row_count || found.digest !== e.digest) {
      return brk('rowChanged', e, `${e.row_count} rows ${e.digest}`, `${found.n} rows ${found.digest}`);
    }
    return null;
  }
  if (e.content_digest !== e.digest) return brk('content', e, e.digest, e.content_digest);
  if (e.row_state === 'changed') return brk('rowChanged', e, e.digest, 'changed');
  if (e.row_state === null) {
    if (!RECORD_CHAINS[ctx.chain as Exclude<LedgerChain, 'telemetry'>].deletable)
      return brk('rowMissing', e, e.ref, null);
    report.unchained++;
    return null;
  }
  report.rows++;
  return null;
}

/** A row of the chain's table that no entry chains (first one), or the telemetry counts before/around the ledger. */
async function unlinked(
  q: Queryable,
  tenantId: number,
  chain: LedgerChain,
  report: LedgerChainReport,
): Promise<LedgerBreak | null> {
  if (chain === 'telemetry') {
    const r = await repo.telemetryOutsideLedger(q, tenantId);
    report.unchained = r?.legacy ?? 0;
    return r?.stray ? brk('unlinked', null, null, r.stray, r.stray) : null;
  }
  const row = await repo.firstUnchainedRecord(q, tenantId, chain);
  return row ? brk('unlinked', null, null, row.id, row.id) : null;
}

/** Verifies one chain of a tenant. */
export async function verifyChain(q: Queryable, tenantId: number, chain: LedgerChain): Promise<LedgerChainReport> {
  const report: LedgerChainReport = {
    chain,
    intact: true,
    entries: 0,
    rows: 0,
    lastTime: null,
    gaps: [],
    pruned: 0,
    unchained: 0,
    firstBreak: null,
  };
  const ctx: WalkContext = { chain, gaps: [] };
  if (chain === 'telemetry') {
    ctx.gaps = await repo.retentionGaps(q, tenantId);
    report.gaps = ctx.gaps;
    ctx.batches = await repo.batchDigests(q, tenantId);
  }
  let seq = 0;
  let prev = GENESIS_HASH;
  let broken: LedgerBreak | null = null;
  walk: for (;;) {
    const page = await repo.entryPage(q, tenantId, chain, seq);
    for (const e of page) {
      broken = checkEntry(e, seq + 1, prev, ctx, report);
      if (broken) break walk;
      report.entries++;
      report.lastTime = Number(e.created_at);
      seq = Number(e.seq);
      prev = e.hash;
    }
    if (page.length < WALK_PAGE) break;
  }
  if (!broken) {
    const head = await repo.chainHead(q, tenantId, chain);
    const headSeq = head ? Number(head.seq) : 0;
    if (headSeq !== seq || (head && head.hash !== prev)) {
      broken = brk('head', null, `${headSeq} ${head?.hash ?? GENESIS_HASH}`, `${seq} ${prev}`);
    }
  }
  broken ??= await unlinked(q, tenantId, chain, report);
  report.firstBreak = broken;
  report.intact = !broken;
  return report;
}

/** Verifies the chains of a tenant (all, or the one named). */
export async function verifyTenant(
  q: Queryable,
  tenantId: number,
  only?: LedgerChain,
  now: () => number = Date.now,
): Promise<LedgerVerify> {
  const chains: LedgerChainReport[] = [];
  for (const chain of only ? [only] : LEDGER_CHAINS) chains.push(await verifyChain(q, tenantId, chain));
  return { tenantId, intact: chains.every((c) => c.intact), checkedAt: now(), chains };
}
