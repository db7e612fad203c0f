import { createElement } from 'react';
import { Button } from 'antd';
import i18next from 'i18next';
import { DownloadCenterRoutes, type ApiResponse, type ExportFile, type ExportStarted } from '@ztj/contracts';
import { feedback } from '../feedback/feedback';
import { callApi } from '../http/callApi';
import { http } from '../http/httpClient';
import { saveBlob } from '../http/saveBlob';

/** Where the download center lives (SPEC §2 account → download center). */
export const DOWNLOAD_CENTER_PATH = '/account/downcenter';
/** How long the console follows a started export before leaving it to the download center, ms. */
const FOLLOW_MS = 60_000;

/** Downloads a generated file of the caller's download center and saves it under its name. */
export async function downloadExportFile(file: Pick<ExportFile, 'id' | 'fileName'>): Promise<void> {
  const response = await http.get<Blob>(DownloadCenterRoutes.download.path, {
    params: { id: file.id },
    responseType: 'blob',
  });
  saveBlob(response.data, file.fileName);
}

/**
 * Follows a started export (polls its entry every second, bounded): when generated, offers the
 * download; when it failed, shows its message (SPEC §8 "file download failed" for no data).
 * @returns the final entry, or null when it was still generating at the end (the download center has it).
 */
export async function followExport(
  id: string,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<ExportFile | null> {
  const end = Date.now() + FOLLOW_MS;
  while (Date.now() < end) {
    await sleep(1000);
    let file: ExportFile;
    try {
      file = await callApi(DownloadCenterRoutes.view, { query: { id }, silent: true });
    } catch {
      return null;
    }
    if (file.status === 'generating') continue;
    const { notification, message } = feedback();
    if (file.status === 'failure') {
      message.warning(file.result || i18next.t('list:export.failed'));
    } else {
      notification.success({
        key: `export-${id}`,
        message: i18next.t('list:export.ready'),
        description: file.fileName,
        actions: createElement(
          Button,
          {
            type: 'primary',
            size: 'small',
            'data-testid': 'export-ready-download',
            onClick: () => void downloadExportFile(file),
          },
          i18next.t('list:export.download'),
        ),
      });
    }
    return file;
  }
  return null;
}

/**
 * Starts an export (SPEC §1 asynchronous, §7 export): GET `path` with the list's query; the server
 * answers at once with the file being generated. The user is told it is on its way and where to
 * find it (SPEC §8 "export success points to the download center via the avatar"), then the
 * console follows it for a minute.
 * @returns true when the server accepted the export.
 */
export async function startExport(path: string, params: Record<string, string>): Promise<boolean> {
  const { message } = feedback();
  try {
    const response = await http.get<ApiResponse<ExportStarted>>(path, { params });
    const envelope = response.data;
    if (!envelope.success) {
      message.warning(envelope.message || i18next.t('list:export.failed'));
      return false;
    }
    message.success(i18next.t('list:export.started'));
    void followExport(envelope.result.id);
    return true;
  } catch {
    message.warning(i18next.t('list:export.failed'));
    return false;
  }
}
