import type { LedgerChain, LedgerGap } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { RECORD_CHAINS, WALK_PAGE } from './ledger-chains';

/**
 * Queries of the ledger verification (CONVENTIONS §1 repo): tables `ledger_entry`, `ledger_head`,
 * `ledger_meta`, the chained telemetry and the record tables of {@link RECORD_CHAINS}. Every read
 * carries the tenant. Times are ms epoch as text (bigint columns).
 */

/** One chain entry with its recomputed hash and, for record chains, content digest and row state. */
export interface EntryRow {
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

/** The entries of a chain after `afterSeq` (one page), with recomputed hashes and record states. */
export async function entryPage(
  q: Queryable,
  tenantId: number,
  chain: LedgerChain,
  afterSeq: number,
): Promise<EntryRow[]> {
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

/** Retention drops recorded in the tenant's telemetry chain. */
export async function retentionGaps(q: Queryable, tenantId: number): Promise<LedgerGap[]> {
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
export async function batchDigests(
  q: Queryable,
  tenantId: number,
): Promise<Map<string, { n: number; digest: string }>> {
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

/**
 * Telemetry of the tenant's devices that no ledger entry chains: how many rows predate the ledger
 * (`legacy`) and the first row (`device@ts`) that should have been chained (`stray`), if any.
 */
export async function telemetryOutsideLedger(
  q: Queryable,
  tenantId: number,
): Promise<{ legacy: number; stray: string | null } | undefined> {
  const [r] = await q.query<{ legacy: number; stray: string | null }>(
    `SELECT count(*) FILTER (WHERE x.ledger_id IS NULL AND x.received_at < m.started_at)::int AS legacy,
              min(x.device_id || '@' || x.ts::text) FILTER (WHERE x.ledger_id IS NOT NULL OR x.received_at >= m.started_at) AS stray
         FROM (SELECT t.device_id, t.ts, t.received_at, t.ledger_id FROM telemetry t JOIN device d ON d.dev_no = t.device_id
                 LEFT JOIN ledger_entry e ON e.id = t.ledger_id WHERE d.tenant_id = $1 AND e.id IS NULL) x
        CROSS JOIN ledger_meta m`,
    [tenantId],
  );
  return r;
}

/** The id of the first row of a record chain's table (in the tenant's scope) that no entry of `chain` chains, or undefined. */
export async function firstUnchainedRecord(
  q: Queryable,
  tenantId: number,
  chain: Exclude<LedgerChain, 'telemetry'>,
): Promise<{ id: string } | undefined> {
  const spec = RECORD_CHAINS[chain];
  const [row] = await q.query<{ id: string }>(
    `SELECT ${spec.idText} AS id FROM ${spec.table} r WHERE ${spec.scope}
        AND NOT EXISTS (SELECT 1 FROM ledger_entry e WHERE e.chain = $2 AND e.ref = ${spec.idText} AND e.tenant_id = $1) LIMIT 1`,
    [tenantId, chain],
  );
  return row;
}

/** The stored head (last sequence number and hash) of the tenant's chain, or undefined before its first entry. */
export async function chainHead(
  q: Queryable,
  tenantId: number,
  chain: LedgerChain,
): Promise<{ seq: string; hash: string } | undefined> {
  const [head] = await q.query<{ seq: string; hash: string }>(
    'SELECT seq::text AS seq, hash FROM ledger_head WHERE tenant_id = $1 AND chain = $2',
    [tenantId, chain],
  );
  return head;
}
