import fs from 'node:fs/promises';
import { StoredFileRoutes, splitIds } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { registerRoute } from '../../platform/http/register-route';
import { listPage } from '../../platform/list/list-runner';
import { callerOf } from '../../platform/list/list-spec';
import { registerRawRoute } from '../../platform/list/raw-route';
import { STORED_FILE_LIST, deleteFiles, fileOf } from './stored-files.service';

/**
 * File storage list (SPEC §2 modules → file storage): the tenant's uploaded
 * files (list with paging and sorting), download under the original name, delete (record and
 * bytes). Every call is tenant-scoped and checks its permission (`file:list`, `file:download`,
 * `file:delete`, `file:batch_delete`); another tenant's file answers "not found".
 */
export function storedFileRoutes(app: FastifyInstance, db: Db, dataDir: string): void {
  const R = StoredFileRoutes;
  registerRoute(app, db, R.list, ({ auth, query }) =>
    listPage(db, STORED_FILE_LIST, query, callerOf(auth, R.list.access)),
  );
  registerRawRoute(app, db, R.download, async ({ auth, query }) => {
    const { record, full } = await fileOf(db, dataDir, query.id, callerOf(auth, R.download.access));
    const body = await fs.readFile(full).catch(() => undefined);
    if (!body) throw new AppError('notFound', 'storedFileNotFound');
    const name = record.fileName ?? record.filePath.split('/').pop() ?? 'file';
    return { kind: 'file', fileName: name, body, contentType: 'application/octet-stream' };
  });
  registerRoute(app, db, R.delete, async ({ auth, query }) => {
    await deleteFiles(db, dataDir, [query.id], callerOf(auth, R.delete.access));
    return null;
  });
  registerRoute(app, db, R.deleteBatch, async ({ auth, query }) => {
    await deleteFiles(db, dataDir, splitIds(query.ids), callerOf(auth, R.deleteBatch.access));
    return null;
  });
}
