import type { LedgerChain } from '@ztj/contracts';

/**
 * Where each record chain's rows live (migration 0069): the table, how an entry's `ref` finds its
 * row (by primary key), the canonical-content function the trigger used, which rows of a tenant
 * must be chained, and whether a chained row may legitimately disappear (export files are deleted
 * by their owner and on expiry; the ledger entry keeps their content).
 * `$1` is the tenant id in every fragment. Fixed SQL of the server, never client input.
 */
export interface RecordChainSpec {
  table: string;
  /** Matches the row `r` of the entry `e` by primary key. */
  match: string;
  /** Canonical content of row `r` (same function as the trigger's). */
  content: string;
  /** The tenant's rows that must each have an entry. */
  scope: string;
  /** The row's id as text (the entry's `ref`). */
  idText: string;
  deletable: boolean;
}

/** The record chains by name. */
export const RECORD_CHAINS: Readonly<Record<Exclude<LedgerChain, 'telemetry'>, RecordChainSpec>> = {
  alarmRecord: {
    table: 'alarm_process_record',
    match: 'r.id = e.ref',
    content: 'ledger_content_alarm_record(r)',
    scope: 'r.tenant_id = $1',
    idText: 'r.id',
    deletable: false,
  },
  report: {
    table: 'export_file',
    match: 'r.id = e.ref',
    content: 'ledger_content_report(r)',
    scope: "r.tenant_id = $1 AND r.status IN ('success', 'failure')",
    idText: 'r.id',
    deletable: true,
  },
  audit: {
    table: 'sys_log',
    match: 'r.id = e.ref::bigint',
    content: 'ledger_content_audit(r)',
    scope: 'r.tenant_id = $1 AND r.log_type = 2',
    idText: 'r.id::text',
    deletable: false,
  },
};

/** Hash the chain starts from (the "previous hash" of entry 1). */
export const GENESIS_HASH = '0'.repeat(64);

/** Entries read per round trip while walking a chain. */
export const WALK_PAGE = 2000;
