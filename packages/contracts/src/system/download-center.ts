import { z } from 'zod';
import type { BilingualText } from '../i18n';
import { pageResultOf } from '../envelope';
import { defineRoute } from '../route';
import { IdQuerySchema, IdsQuerySchema, ListQuerySchema } from './list';

/**
 * Download center (SPEC §1 "export is asynchronous", §2 account → download
 * center, §3 download-center file, §4 export file status, §6, §8, §9 export file types). Every
 * export of the product is a job on the job queue; the export call answers at once with
 * {@link ExportStarted} and the file appears in the requesting user's download center.
 */

/** Export file status (SPEC §4): generating, generated success, generation failure. */
export const EXPORT_STATUSES = ['generating', 'success', 'failure'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/**
 * Export file types (SPEC §9 codes; their names in both languages). The spec gives the code ranges
 * and the kinds; this table is the product's assignment of kinds to codes. `list` is the product's
 * own type for list exports (.xls of a list's filters or selection). `available: false` types are
 * listed but refused until their device family or report exists.
 */
export const EXPORT_FILE_TYPES = {
  '1': { name: { 'zh-CN': '单终端PDF报告', 'en-US': 'Single terminal PDF report' }, available: true },
  '2': { name: { 'zh-CN': '单终端Excel报告', 'en-US': 'Single terminal Excel report' }, available: true },
  '3': { name: { 'zh-CN': '多终端PDF报告', 'en-US': 'Multiple terminal PDF report' }, available: true },
  '4': { name: { 'zh-CN': '多终端Excel报告', 'en-US': 'Multiple terminal Excel report' }, available: true },
  '5': { name: { 'zh-CN': '仓库日报', 'en-US': 'Warehouse daily report' }, available: true },
  '6': { name: { 'zh-CN': '运单ZIP', 'en-US': 'Waybill ZIP' }, available: true },
  '7': { name: { 'zh-CN': '便携式报告', 'en-US': 'Portable report' }, available: false },
  '8': { name: { 'zh-CN': '车载报告', 'en-US': 'Vehicle report' }, available: true },
  '9': { name: { 'zh-CN': '蓝牙报告', 'en-US': 'Bluetooth report' }, available: false },
  a: { name: { 'zh-CN': '医药报告', 'en-US': 'Medical report' }, available: false },
  b: { name: { 'zh-CN': '电表报告', 'en-US': 'Meter report' }, available: true },
  c: { name: { 'zh-CN': 'V4报告', 'en-US': 'V4 report' }, available: false },
  d: { name: { 'zh-CN': '定制报告', 'en-US': 'Customised report' }, available: false },
  ga: { name: { 'zh-CN': '网关告警', 'en-US': 'Gateway alarms' }, available: true },
  list: { name: { 'zh-CN': '列表导出', 'en-US': 'List export' }, available: true },
} as const satisfies Record<string, { name: BilingualText; available: boolean }>;
export type ExportFileType = keyof typeof EXPORT_FILE_TYPES;
export const EXPORT_FILE_TYPE_CODES = Object.keys(EXPORT_FILE_TYPES) as [ExportFileType, ...ExportFileType[]];

/** One file of the download center (SPEC §3: number, file type, request time, description, status, result). */
export const ExportFileSchema = z.object({
  id: z.string(),
  /** Number shown to people (request order of the tenant). */
  number: z.number().int(),
  fileType: z.enum(EXPORT_FILE_TYPE_CODES),
  fileName: z.string(),
  /** What was exported, in the requester's language (e.g. "告警列表（筛选：设备 …）"). */
  description: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0..100 while generating. */
  progress: z.number().int().min(0).max(100),
  /** Result text: the file size when done, the failure message (SPEC §8) otherwise. */
  result: z.string().nullable(),
  /** Size in bytes when done. */
  size: z.number().int().nullable(),
  /** Request time, ms. */
  createTime: z.number(),
  /** End of generation, ms. */
  finishTime: z.number().nullable(),
  /** After this time (ms) the file is deleted. */
  expiresAt: z.number(),
});
/** See {@link ExportFileSchema}. */
export type ExportFile = z.infer<typeof ExportFileSchema>;
/** Public fields of the download-center list. */
export const EXPORT_FILE_LIST_FIELDS = ['fileType', 'fileName', 'status', 'createTime'] as const;

/** What every export call answers: the file being generated (find it in the download center). */
export const ExportStartedSchema = z.object({ id: z.string(), fileName: z.string(), status: z.enum(EXPORT_STATUSES) });
/** See {@link ExportStartedSchema}. */
export type ExportStarted = z.infer<typeof ExportStartedSchema>;

const D = '/sys/downloadCenter';

/**
 * Download-center calls: the caller's own files only (another user's file is not found). The file
 * itself is served by `download` (attachment) until it expires.
 */
export const DownloadCenterRoutes = {
  list: defineRoute({
    method: 'GET',
    path: `${D}/list`,
    access: 'session',
    tag: 'download-center',
    summary: 'The caller’s export files, newest first (generic list over EXPORT_FILE_LIST_FIELDS)',
    query: ListQuerySchema,
    result: pageResultOf(ExportFileSchema),
  }),
  view: defineRoute({
    method: 'GET',
    path: `${D}/queryById`,
    access: 'session',
    tag: 'download-center',
    summary: 'One export file of the caller (status and progress)',
    query: IdQuerySchema,
    result: ExportFileSchema,
  }),
  download: defineRoute({
    method: 'GET',
    path: `${D}/download`,
    access: 'session',
    tag: 'download-center',
    summary: 'The generated file (attachment); only its requester, until it expires',
    query: IdQuerySchema,
    result: z.unknown(),
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: `${D}/delete`,
    access: 'session',
    tag: 'download-center',
    summary: 'Delete export files of the caller (and their stored files)',
    query: IdsQuerySchema,
    result: z.null(),
  }),
} as const;
