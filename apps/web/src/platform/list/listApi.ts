import i18next from 'i18next';
import { API_BASE, ResultCode, type ApiResponse, type ImportPartialResult, type RouteDef } from '@ztj/contracts';
import { http } from '../http/httpClient';
import { startExport } from '../exports/exportFlow';

/**
 * Starts the `.xls` export of a list (SPEC §7): the list's query fields plus the comma-joined
 * selected ids; the file is generated in the background and found in the download center
 * (SPEC §1, §8). `fileName` is kept for the signature; the server names the file.
 * @returns true when the export was accepted.
 */
export async function downloadExport(
  route: RouteDef,
  query: Record<string, string>,
  _fileName?: string,
): Promise<boolean> {
  return startExport(route.path, query);
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
export async function postImport(
  route: RouteDef,
  files: readonly File[],
  extra: Record<string, string> = {},
): Promise<ImportOutcome> {
  const form = new FormData();
  for (const file of files) form.append('files[]', file, file.name);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  try {
    const response = await http.post<ApiResponse<unknown>>(route.path, form);
    const envelope = response.data;
    if (envelope.code === ResultCode.IMPORT_PARTIAL) {
      const result = envelope.result as ImportPartialResult;
      return {
        kind: 'partial',
        message: result.msg || envelope.message,
        fileUrl: fileHref(result.fileUrl),
        fileName: result.fileName,
      };
    }
    if (envelope.success) return { kind: 'success', message: envelope.message };
    return { kind: 'failed', message: envelope.message };
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : i18next.t('list:import.uploadFailed') };
  }
}
