import { ZipArchive } from 'archiver';
import { PassThrough } from 'node:stream';
import { REPORT_MAX_RANGE_MS, type Language } from '@ztj/contracts';
import type { Queryable } from '../../platform/db/db';
import { defineExporter } from '../../platform/exports/export-registry';
import { buildReportModel } from './device-report';
import { labelsOf } from './report-labels';
import { renderReportPdf } from './report-pdf';

/** What a waybill-ZIP job stores as its query. */
export interface WaybillZipQuery {
  id: string;
}

/** A waybill of the tenant with its devices and report range (ms), or null when it is not the tenant's. */
export async function waybillForReport(
  q: Queryable,
  tenantId: number,
  id: string,
  now = Date.now(),
): Promise<{ number: string; name: string; start: number; end: number; deviceIds: string[] } | null> {
  const [w] = await q.query<{
    number: string;
    name: string;
    start: string | number;
    end: string | number | null;
    status: string;
  }>(
    `SELECT number, name, extract(epoch FROM coalesce(actual_start, planned_start)) * 1000 AS start,
            extract(epoch FROM CASE WHEN actual_end IS NOT NULL THEN actual_end WHEN status = 'ongoing' THEN NULL ELSE planned_end END) * 1000 AS "end", status
       FROM waybill WHERE id = $1 AND tenant_id = $2`,
    [id, tenantId],
  );
  if (!w) return null;
  const devices = await q.query<{ dev_no: string }>(
    `SELECT DISTINCT wd.dev_no FROM waybill_device wd JOIN device d ON d.dev_no = wd.dev_no AND d.tenant_id = $2 WHERE wd.waybill_id = $1 ORDER BY wd.dev_no`,
    [id, tenantId],
  );
  const start = Math.round(Number(w.start));
  const end = w.end === null ? now : Math.round(Number(w.end));
  return {
    number: w.number,
    name: w.name,
    start,
    end: Math.min(Math.max(end, start + 1), start + REPORT_MAX_RANGE_MS),
    deviceIds: devices.map((d) => d.dev_no),
  };
}

/**
 * The waybill ZIP (type 6): one single-terminal PDF report per device of the
 * waybill over its actual (else planned; ongoing: until now; at most REPORT_MAX_RANGE_MS) time range, built one device at a
 * time and streamed into the archive. Devices without readings are left out; null when none has any.
 */
export const WAYBILL_ZIP_EXPORTER = defineExporter<WaybillZipQuery>({
  key: 'report:waybill:zip',
  fileType: '6',
  fileName: (lang) => (lang === 'en-US' ? 'waybill-reports.zip' : '运单报告.zip'),
  description: (lang: Language, q) => `${lang === 'en-US' ? 'Waybill ZIP' : '运单ZIP'}: ${q.id}`,
  async build({ db, auth, query, lang, progress }) {
    const w = await waybillForReport(db, auth.tenantId, query.id);
    if (!w || !w.deviceIds.length) return null;
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise<void>((resolve, reject) => {
      out.on('end', resolve);
      out.on('error', reject);
    });
    const zip = new ZipArchive({ zlib: { level: 6 } });
    zip.pipe(out);
    let added = 0;
    for (const [i, deviceId] of w.deviceIds.entries()) {
      const model = await buildReportModel(
        { db, auth, lang, query: { deviceIds: deviceId, startTime: w.start, endTime: w.end, format: 'pdf' } },
        { keepColumns: false },
      );
      if (model) {
        zip.append(await renderReportPdf(model), {
          name: `${w.number}-${deviceId}-${labelsOf(lang).fileSingle}.pdf`.replace(/[\\/:*?"<>|]/g, '_'),
        });
        added++;
      }
      await progress(5 + (90 * (i + 1)) / w.deviceIds.length);
    }
    if (!added) {
      zip.abort();
      return null;
    }
    await zip.finalize();
    await ended;
    return Buffer.concat(chunks);
  },
});
