import type { ExportFile, ExportStarted } from '@ztj/contracts';
import type { TestApp } from '../../../test/test-app';

/** A finished export: its download-center entry and, on success, the file's bytes. */
export interface FinishedExport {
  file: ExportFile;
  body: Buffer | null;
  /** The download answer's headers (content type, disposition) on success. */
  headers: Record<string, unknown>;
}

/**
 * Calls an export route (GET `url` under the base path) as `token`, waits (bounded) until its
 * download-center entry is no longer generating, and downloads the file when it succeeded.
 * @throws Error when the call is refused (with its status and message) or the job does not end in time
 */
export async function exportAndWait(
  app: TestApp,
  token: string,
  url: string,
  headers: Record<string, string> = {},
  ms = 20_000,
): Promise<FinishedExport> {
  const started = await app.fastify.inject({
    method: 'GET',
    url: `/ztj-iot${url}`,
    headers: { 'x-access-token': token, ...headers },
  });
  const body = started.json() as { success: boolean; message: string; result: ExportStarted };
  if (started.statusCode !== 200 || !body.success)
    throw Object.assign(new Error(`export refused: ${started.statusCode} ${body.message}`), {
      status: started.statusCode,
      body,
    });
  const end = Date.now() + ms;
  for (;;) {
    const view = await app.call<ExportFile>('GET', `/sys/downloadCenter/queryById?id=${body.result.id}`, {
      token,
      headers,
    });
    const file = view.body.result;
    if (!file) throw new Error(`export ${body.result.id} not visible: ${view.status} ${JSON.stringify(view.body)}`);
    if (file.status !== 'generating') {
      if (file.status !== 'success') return { file, body: null, headers: {} };
      const dl = await app.fastify.inject({
        method: 'GET',
        url: `/ztj-iot/sys/downloadCenter/download?id=${file.id}`,
        headers: { 'x-access-token': token, ...headers },
      });
      return { file, body: dl.rawPayload, headers: dl.headers };
    }
    if (Date.now() > end) throw new Error(`export ${body.result.id} still generating after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
