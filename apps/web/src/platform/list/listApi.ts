import i18next from 'i18next';
import { API_BASE, ResultCode, type ApiResponse, type ImportPartialResult, type RouteDef } from '@ztj/contracts';
import { feedback } from '../feedback/feedback';
import { http } from '../http/httpClient';
import { saveBlob } from '../http/saveBlob';

function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

async function envelopeOfBlob(blob: Blob): Promise<ApiResponse<unknown> | null> {
  if (!blob.type.includes('json')) return null;
  try {
    return JSON.parse(await blobText(blob)) as ApiResponse<unknown>;
  } catch {
    return null;
  }
}

/**
 * Downloads the `.xls` export of a list (SPEC §7): the list's query fields plus the comma-joined
 * selected ids. An empty or failed answer shows 'file download failed' (SPEC §8).
 * @returns true when a file was saved.
 */
export async function downloadExport(route: RouteDef, query: Record<string, string>, fileName: string): Promise<boolean> {
  const { message } = feedback();
  try {
    const response = await http.get<Blob>(route.path, { params: query, responseType: 'blob' });
    const blob = response.data;
    const envelope = await envelopeOfBlob(blob);
    if (envelope && !envelope.success) {
      message.warning(envelope.message || i18next.t('list:export.failed'));
      return false;
    }
    if (!blob || blob.size === 0 || envelope) {
      message.warning(i18next.t('list:export.failed'));
      return false;
    }
    saveBlob(blob, fileName.endsWith('.xls') ? fileName : `${fileName}.xls`);
    return true;
  } catch {
    message.warning(i18next.t('list:export.failed'));
    return false;
  }
}

/** What an import answered, after the user was told (SPEC §7, §8 import). */
export type ImportOutcome =
  | { kind: 'success'; message: string }
  | { kind: 'partial'; message: string; fileUrl: string; fileName: string }
  | { kind: 'failed'; message: string };

/** Absolute address of a file the server names relative to the base path. */
export function fileHref(relative: string): string {
  if (/^https?:\/\//.test(relative)) return relative;
  return `${API_BASE}${relative.startsWith('/') ? '' : '/'}${relative}`;
}

/**
 * Posts files to an import route as multipart `files[]` (SPEC §7) and classifies the answer:
 * success, code 201 partial (error file to download) or failure.
 */
export async function postImport(route: RouteDef, files: readonly File[], extra: Record<string, string> = {}): Promise<ImportOutcome> {
  const form = new FormData();
  for (const file of files) form.append('files[]', file, file.name);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  try {
    const response = await http.post<ApiResponse<unknown>>(route.path, form);
    const envelope = response.data;
    if (envelope.code === ResultCode.IMPORT_PARTIAL) {
      const result = envelope.result as ImportPartialResult;
      return { kind: 'partial', message: result.msg || envelope.message, fileUrl: fileHref(result.fileUrl), fileName: result.fileName };
    }
    if (envelope.success) return { kind: 'success', message: envelope.message };
    return { kind: 'failed', message: envelope.message };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : i18next.t('list:import.uploadFailed') };
  }
}
