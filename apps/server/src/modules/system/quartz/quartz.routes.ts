import { QuartzRoutes } from '@ztj/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../../platform/config/config';
import { crudOperations, registerCrudRoutes } from '../../../platform/crud/crud-routes';
import type { Db } from '../../../platform/db/db';
import { listExporter } from '../../../platform/exports/export-registry';
import { registerExportRoute } from '../../../platform/exports/export-route';
import { registerRoute } from '../../../platform/http/register-route';
import { runImport } from '../../../platform/list/import-runner';
import { requireVisible } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
import { readMultipart, registerRawRoute } from '../../../platform/list/raw-route';
import './builtin-job-classes';
import { jobClasses } from '../../../platform/jobs/job-classes';
import type { QuartzScheduler } from './quartz-scheduler';
import * as quartz from './quartz.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduler of scheduled jobs, decorated by the app. */
    quartz: QuartzScheduler;
  }
}

function schedulerOf(req: FastifyRequest): QuartzScheduler {
  const s = (req.server as FastifyInstance & { quartz?: QuartzScheduler }).quartz;
  if (!s) throw new Error('quartz scheduler not decorated on the app');
  return s;
}

/** Scheduled jobs (SPEC §2 system → quartz jobs; §7 `/sys/quartzJob/*`). */
export function quartzRoutes(app: FastifyInstance, db: Db, config: Config): void {
  const R = QuartzRoutes;
  const L = quartz.QUARTZ_LIST;
  registerCrudRoutes(app, db, R, {
    ...crudOperations(quartz.QUARTZ_CRUD),
    add: quartz.createJob,
    edit: quartz.editJob,
  });
  registerRoute(app, db, R.jobClasses, async () =>
    jobClasses().map((c) => ({ name: c.name, label: c.label, parameterHint: c.parameterHint })),
  );
  registerRoute(app, db, R.pause, async ({ auth, query }) => {
    await quartz.setStatus(db, query.id, -1, callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.resume, async ({ auth, query }) => {
    await quartz.setStatus(db, query.id, 0, callerOf(auth, R.list.access));
    return null;
  });
  registerRoute(app, db, R.execute, async ({ auth, query, req }) => {
    await requireVisible(db, L, query.id, callerOf(auth, R.list.access));
    return { runId: await schedulerOf(req).executeOnce(query.id, auth.tenantId) };
  });
  registerExportRoute(
    app,
    db,
    R.exportXls,
    listExporter({
      key: R.exportXls.path,
      list: L,
      permission: R.list.access,
      title: { 'zh-CN': '定时任务', 'en-US': 'Scheduled jobs' },
      fileBase: { 'zh-CN': '定时任务', 'en-US': 'scheduled-jobs' },
    }),
  );
  registerRawRoute(app, db, R.importExcel, async ({ auth, req, lang }) => {
    const { files } = await readMultipart(req);
    return {
      kind: 'envelope',
      body: await runImport(db, quartz.QUARTZ_IMPORT, files, callerOf(auth), lang, config.dataDir),
    };
  });
}
