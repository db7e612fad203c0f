import type { BilingualText, ExportFileType, Language } from '@ztj/contracts';
import type { AuthContext } from '../auth/auth-context';
import type { Db } from '../db/db';
import { callerOf, type ListSpec } from '../list/list-spec';
import { listAll } from '../list/list-runner';
import { recordsToXls } from '../list/xls';

/** What an exporter gets when its job runs (in any process of the deployment). */
export interface ExportContext<Q = Record<string, unknown>> {
  db: Db;
  /** The requester as of the request (tenant, user, department for data rules). */
  auth: AuthContext;
  /** The export call's parsed query (filters, `selections`). */
  query: Q;
  lang: Language;
  /** Reports progress 0..100 (shown in the download center). */
  progress(percent: number): Promise<void>;
}

/**
 * A kind of export: how its file is built from the request. Registered once per
 * process (at route registration) under `key`; the job carries only the key, the query and the
 * requester, so any process can build it. `build` returns null when there is nothing to export
 * (the file then fails with SPEC §8 "file download failed").
 */
export interface Exporter<Q = Record<string, unknown>> {
  key: string;
  fileType: ExportFileType;
  /** File name in `lang` (with extension). */
  fileName(lang: Language): string;
  /** Description shown in the download center, in `lang`. */
  description(lang: Language, query: Q): string;
  build(ctx: ExportContext<Q>): Promise<Buffer | null>;
}

const registry = new Map<string, Exporter>();

/** Registers (or replaces: every app of a process registers the same) an exporter; returns it. */
export function defineExporter<Q>(exporter: Exporter<Q>): Exporter<Q> {
  registry.set(exporter.key, exporter as unknown as Exporter);
  return exporter;
}

/** The exporter registered under `key`, if any. */
export function exporterOf(key: string): Exporter | undefined {
  return registry.get(key);
}

/** Query fields that are paging or plumbing, not filters (left out of descriptions). */
const PLUMBING = new Set(['pageNo', 'pageSize', 'column', 'order', 'field', '_t', 'superQueryMatchType']);

/** "Users (filters: username=*a*; 2 selected)" style description of a list export. */
export function listExportDescription(title: BilingualText, lang: Language, query: Record<string, unknown>): string {
  const selected =
    typeof query.selections === 'string' && query.selections ? query.selections.split(',').filter(Boolean).length : 0;
  const filters = Object.entries(query)
    .filter(([k, v]) => !PLUMBING.has(k) && k !== 'selections' && v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}=${String(v).slice(0, 60)}`);
  const parts = [
    ...(filters.length ? [`${lang === 'en-US' ? 'filters' : '筛选'}: ${filters.join('; ')}`] : []),
    ...(selected ? [lang === 'en-US' ? `${selected} selected` : `已选 ${selected} 条`] : []),
  ];
  const open = lang === 'en-US' ? ' (' : '（';
  const close = lang === 'en-US' ? ')' : '）';
  return parts.length ? `${title[lang]}${open}${parts.join(lang === 'en-US' ? '; ' : '；')}${close}` : title[lang];
}

/** Options of {@link listExporter}. */
export interface ListExporterOptions<R, X> {
  /** Unique key; by convention the export route's path. */
  key: string;
  /** The list whose filters, data rules and selection the export follows. */
  list: ListSpec<R>;
  /** Columns of the file, when they differ from the list's (default: the list). */
  xls?: ListSpec<X>;
  /** Rows of `list` as rows of `xls` (default: as they are). */
  map?: (rows: R[]) => X[];
  /** Description title ("用户列表" / "Users"). */
  title: BilingualText;
  /** File name without extension per language. */
  fileBase: BilingualText;
  /** Permission code whose data rules apply (the list route's access). */
  permission?: string;
  /** Download-center file type (SPEC §9; default `list`, e.g. `ga` for the gateway alarms). */
  fileType?: ExportFileType;
}

/**
 * The exporter of a generic list's .xls (SPEC §7 export: the list's filters plus the selected
 * ids), under the list's permission and data rules, type `list` unless `fileType` says otherwise.
 */
export function listExporter<R, X = R>(o: ListExporterOptions<R, X>): Exporter {
  return defineExporter<Record<string, unknown>>({
    key: o.key,
    fileType: o.fileType ?? 'list',
    fileName: (lang) => `${o.fileBase[lang]}.xls`,
    description: (lang, query) => listExportDescription(o.title, lang, query),
    async build({ db, auth, query, lang, progress }) {
      const rows = await listAll(db, o.list, query, callerOf(auth, o.permission));
      if (rows.length === 0) return null;
      await progress(50);
      if (o.xls) return recordsToXls(o.xls, o.map ? o.map(rows) : (rows as unknown as X[]), lang);
      return recordsToXls(o.list, rows, lang);
    },
  });
}
