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

/**
 * Verification of a tenant's hash chains (migration 0069). Every entry's hash is
 * recomputed from its fields and the previous entry's hash; every batch digest from the telemetry
 * rows that point at it; every record's content from the chained row. The walk of a chain stops
 * at its first broken link. Reads all of the tenant's chained telemetry once (one grouped scan).
 */

interface EntryRow {
  id: string;
  seq: string;
  kind: string;
  ref: string | null;
  created_at: string;
  row_count: number;
  ts_from: string | null;
  ts_to: string | null;
  digest: string;
  prev_hash: string;
  hash: string;
  recomputed: string;
  content_digest: string | null;
  row_state: 'same' | 'changed' | 'missing' | null;
}

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

/** The entries of a chain after `afterSeq` (one page), with recomputed hashes and record states. */
async function entryPage(q: Queryable, tenantId: number, chain: LedgerChain, afterSeq: number): Promise<EntryRow[]> {
  const spec = chain === 'telemetry' ? undefined : RECORD_CHAINS[chain];
  const extra = spec
    ? `, encode(sha256(convert_to(e.content::text, 'UTF8')), 'hex') AS content_digest,
       (SELECT CASE WHEN ${spec.content} = e.content THEN 'same' ELSE 'changed' END FROM ${spec.table} r WHERE ${spec.match}) AS row_state`
    : ', NULL AS content_digest, NULL AS row_state';
  return q.query<EntryRow>(
    `SELECT e.id::text AS id, e.seq::text AS seq, e.kind, e.ref, e.created_at::text AS created_at, e.row_count, e.ts_from::text AS ts_from,
            e.ts_to::text AS ts_to, e.digest, e.prev_hash, e.hash,
            ledger_link_hash(e.prev_hash, e.tenant_id, e.chain, e.seq, e.id, e.kind, e.ref, e.created_at, e.row_count, e.ts_from, e.ts_to, e.digest) AS recomputed
            ${extra}
       FROM ledger_entry e WHERE e.tenant_id = $1 AND e.chain = $2 AND e.seq > $3 ORDER BY e.seq LIMIT ${WALK_PAGE}`,
    [tenantId, chain, afterSeq],
  );
}

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

/** Retention drops recorded in the tenant's telemetry chain. */
async function gapsOf(q: Queryable, tenantId: number): Promise<LedgerGap[]> {
  const rows = await q.query<{ ref: string; ts_from: string; ts_to: string; row_count: number; created_at: string }>(
    `SELECT ref, ts_from::text AS ts_from, ts_to::text AS ts_to, row_count, created_at::text AS created_at FROM ledger_entry
      WHERE tenant_id = $1 AND chain = 'telemetry' AND kind = 'retention' ORDER BY seq`,
    [tenantId],
  );
  return rows.map((r) => ({
    partition: r.ref,
    from: Number(r.ts_from),
    to: Number(r.ts_to),
    rows: r.row_count,
    time: Number(r.created_at),
  }));
}

/** Recomputed count and digest of every batch entry of the tenant, from the telemetry rows pointing at it. */
async function batchDigests(q: Queryable, tenantId: number): Promise<Map<string, { n: number; digest: string }>> {
  const rows = await q.query<{ id: string; n: number; digest: string }>(
    `SELECT t.ledger_id::text AS id, count(*)::int AS n,
            encode(sha256(convert_to(string_agg(ledger_reading_text(t.device_id, t.ts, t.received_at, t.lat, t.lng, t."values"), E'\\n'
              ORDER BY t.device_id COLLATE "C", t.ts), 'UTF8')), 'hex') AS digest
       FROM telemetry t WHERE t.ledger_id IN (SELECT id FROM ledger_entry WHERE tenant_id = $1 AND chain = 'telemetry' AND kind = 'batch')
      GROUP BY t.ledger_id`,
    [tenantId],
  );
  return new Map(rows.map((r) => [r.id, { n: r.n, digest: r.digest }]));
}

/** A row of the chain's table that no entry chains (first one), or the telemetry counts before/around the ledger. */
async function unlinked(
  q: Queryable,
  tenantId: number,
  chain: LedgerChain,
  report: LedgerChainReport,
): Promise<LedgerBreak | null> {
  if (chain === 'telemetry') {
    const [r] = await q.query<{ legacy: number; stray: string | null }>(
      `SELECT count(*) FILTER (WHERE x.ledger_id IS NULL AND x.received_at < m.started_at)::int AS legacy,
              min(x.device_id || '@' || x.ts::text) FILTER (WHERE x.ledger_id IS NOT NULL OR x.received_at >= m.started_at) AS stray
         FROM (SELECT t.device_id, t.ts, t.received_at, t.ledger_id FROM telemetry t JOIN device d ON d.dev_no = t.device_id
                 LEFT JOIN ledger_entry e ON e.id = t.ledger_id WHERE d.tenant_id = $1 AND e.id IS NULL) x
        CROSS JOIN ledger_meta m`,
      [tenantId],
    );
    report.unchained = r?.legacy ?? 0;
    return r?.stray ? brk('unlinked', null, null, r.stray, r.stray) : null;
  }
  const spec = RECORD_CHAINS[chain];
  const [row] = await q.query<{ id: string }>(
    `SELECT ${spec.idText} AS id FROM ${spec.table} r WHERE ${spec.scope}
        AND NOT EXISTS (SELECT 1 FROM ledger_entry e WHERE e.chain = $2 AND e.ref = ${spec.idText} AND e.tenant_id = $1) LIMIT 1`,
    [tenantId, chain],
  );
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
    ctx.gaps = await gapsOf(q, tenantId);
    report.gaps = ctx.gaps;
    ctx.batches = await batchDigests(q, tenantId);
  }
  let seq = 0;
  let prev = GENESIS_HASH;
  let broken: LedgerBreak | null = null;
  walk: for (;;) {
    const page = await entryPage(q, tenantId, chain, seq);
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
    const [head] = await q.query<{ seq: string; hash: string }>(
      'SELECT seq::text AS seq, hash FROM ledger_head WHERE tenant_id = $1 AND chain = $2',
      [tenantId, chain],
    );
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
