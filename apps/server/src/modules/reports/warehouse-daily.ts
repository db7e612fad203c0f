import { REPORT_MAX_DEVICES, type Language } from '@ztj/contracts';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Queryable } from '../../platform/db/db';
import { defineExporter } from '../../platform/exports/export-registry';
import { defineJobClass } from '../../platform/jobs/job-classes';
import { parseParameter } from '../../platform/jobs/job-classes';
import { buildReportModel } from './device-report';
import { renderReportPdf } from './report-pdf';

/**
 * Warehouse daily report (export type 5): a PDF device report of every device of
 * one warehouse (the first {@link REPORT_MAX_DEVICES} by device number) over one calendar day of
 * Asia/Shanghai (UTC+8 all year: no daylight saving), titled with the warehouse. On demand through
 * `GET /wlx/report/warehouseDaily` and every day through the scheduled-job class
 * `warehouseDailyReport`, which files the previous day's report of each warehouse in the download
 * center of its monitoring accounts (its creator when it has none).
 */

/** What a warehouse-daily job stores as its query. */
export interface WarehouseDailyQuery {
  id: string;
  /** YYYY-MM-DD, Asia/Shanghai. */
  date: string;
}

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** [start, end) of an Asia/Shanghai calendar day `YYYY-MM-DD`, ms epoch. */
export function shanghaiDay(date: string): { start: number; end: number } {
  const start = Date.parse(`${date}T00:00:00+08:00`);
  return { start, end: start + DAY_MS };
}

/** The Asia/Shanghai calendar day before the one holding `at` (ms), as YYYY-MM-DD. */
export function previousShanghaiDay(at: number): string {
  return new Date(at + SHANGHAI_OFFSET_MS - DAY_MS).toISOString().slice(0, 10);
}

/** A warehouse of the tenant with its device ids (sorted, at most REPORT_MAX_DEVICES), or null. */
export async function warehouseForReport(
  q: Queryable,
  tenantId: number,
  id: string,
): Promise<{ name: string; number: string; deviceIds: string[] } | null> {
  const [w] = await q.query<{ name: string; number: string }>(
    'SELECT name, number FROM warehouse WHERE id = $1 AND tenant_id = $2',
    [id, tenantId],
  );
  if (!w) return null;
  const devices = await q.query<{ dev_no: string }>(
    `SELECT wd.dev_no FROM warehouse_device wd JOIN device d ON d.dev_no = wd.dev_no AND d.tenant_id = $2
      WHERE wd.warehouse_id = $1 ORDER BY wd.dev_no LIMIT ${REPORT_MAX_DEVICES}`,
    [id, tenantId],
  );
  return { name: w.name, number: w.number, deviceIds: devices.map((d) => d.dev_no) };
}

const TITLE: Record<Language, string> = { 'zh-CN': '仓库日报', 'en-US': 'Warehouse daily report' };

/** The exporter of type 5; null (SPEC §8 failed entry) when the warehouse has no device or no reading that day. */
export const WAREHOUSE_DAILY_EXPORTER = defineExporter<WarehouseDailyQuery>({
  key: 'report:warehouse:daily',
  fileType: '5',
  fileName: (lang) => (lang === 'en-US' ? 'warehouse-daily-report.pdf' : '仓库日报.pdf'),
  description: (lang, q) => `${TITLE[lang]}${lang === 'en-US' ? ': ' : '：'}${q.date}`,
  async build({ db, auth, query, lang, progress }) {
    const w = await warehouseForReport(db, auth.tenantId, query.id);
    if (!w || !w.deviceIds.length) return null;
    const { start, end } = shanghaiDay(query.date);
    const model = await buildReportModel(
      {
        db,
        auth,
        lang,
        query: { deviceIds: w.deviceIds.join(','), startTime: start, endTime: end - 1, format: 'pdf' },
      },
      { keepColumns: false, progress },
    );
    if (!model) return null;
    await progress(90);
    return renderReportPdf({ ...model, title: `${TITLE[lang]} · ${w.name} (${w.number}) · ${query.date}` });
  },
});

interface OwnerRow {
  warehouse_id: string;
  user_id: string;
  username: string;
  realname: string;
  org_code: string | null;
}

/**
 * Scheduled-job class `warehouseDailyReport`: the previous Asia/Shanghai day's report of every
 * warehouse of the job's tenant (or only `{"warehouseIds":[…]}`), queued once per monitoring
 * account (the creator when none). Returns how many warehouses and files it queued.
 */
export const WAREHOUSE_DAILY_JOB = defineJobClass({
  name: 'warehouseDailyReport',
  label: { 'zh-CN': '仓库日报', 'en-US': 'Warehouse daily report' },
  parameterHint: '{"lang":"zh-CN","warehouseIds":[]}',
  async handler({ db, tenantId, parameter, fireTime, lang, services }) {
    if (!services.exports) throw new Error('export service not wired');
    const only = parseParameter(parameter).warehouseIds;
    const ids = Array.isArray(only) && only.length ? only.map(String) : null;
    const owners = await db.query<OwnerRow>(
      `WITH w AS (
         SELECT id, monitor_user_ids, create_by FROM warehouse WHERE tenant_id = $1 AND ($2::text[] IS NULL OR id = ANY($2::text[])))
       SELECT w.id AS warehouse_id, u.id AS user_id, u.username, u.realname, u.org_code
         FROM w JOIN sys_user u ON (u.id IN (SELECT jsonb_array_elements_text(w.monitor_user_ids))
                                    OR (jsonb_array_length(w.monitor_user_ids) = 0 AND u.username = w.create_by))
         JOIN sys_user_tenant ut ON ut.user_id = u.id AND ut.tenant_id = $1
        WHERE u.del_flag = 0 AND u.status = 1
        ORDER BY w.id, u.username`,
      [tenantId, ids],
    );
    const date = previousShanghaiDay(fireTime);
    for (const o of owners) {
      const auth: AuthContext = {
        userId: o.user_id,
        username: o.username,
        realname: o.realname,
        tenantId,
        sessionTenantId: tenantId,
        orgCode: o.org_code,
        tokenHash: '',
      };
      await services.exports.request(auth, WAREHOUSE_DAILY_EXPORTER as never, { id: o.warehouse_id, date }, lang);
    }
    return { date, warehouses: new Set(owners.map((o) => o.warehouse_id)).size, files: owners.length };
  },
});
