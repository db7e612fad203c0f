import fs from 'node:fs/promises';
import path from 'node:path';
import { CommonRoutes } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { FILE_ANSWER_CONFIG } from '../../platform/http/error-handler';
import { authenticate } from '../../platform/http/register-route';
import { filesRoot, mayReadFile, resolveStored, storedFileHeaders } from '../../platform/list/files';

/**
 * `GET /sys/common/static/*` (SPEC §7 "common static"): a stored file by its path
 * relative to DATA_DIR/files, for signed-in members of the tenant that owns it only.
 * - no or bad `X-Access-Token` → 401 (the token is never accepted in the URL);
 * - a path outside the files root, a missing file, or a file of a tenant the caller does not
 *   belong to → 404 (the same answer, so a link reveals nothing about other tenants' files);
 * - otherwise the bytes with {@link storedFileHeaders}: raster images inline, everything else
 *   `attachment`, `nosniff` and `default-src 'none'; sandbox`.
 * Browsers cannot put the token header on `<img src>` or links: the console fetches files with it
 * and shows them through object URLs (apps/web/src/platform/http/storedFile.ts).
 */
export function staticFileRoutes(app: FastifyInstance, db: Db, dataDir: string): void {
  app.get(
    CommonRoutes.static.path,
    {
      config: FILE_ANSWER_CONFIG,
      schema: { summary: CommonRoutes.static.summary, tags: [CommonRoutes.static.tag], security: [{ token: [] }] },
    },
    async (req, reply) => {
      const auth = await authenticate(db, req);
      const full = resolveStored(dataDir, (req.params as { '*': string })['*']);
      // the owner is looked up by the canonical path (`a/./b`, `a//b` or `x/../a/b` name `a/b`)
      const key = full && path.relative(filesRoot(dataDir), full).split(path.sep).join('/');
      if (!full || !key || !(await mayReadFile(db, key, auth.userId))) throw new AppError('notFound', 'notFound');
      const body = await fs.readFile(full).catch(() => undefined);
      if (!body) throw new AppError('notFound', 'notFound');
      return reply.headers(storedFileHeaders(full)).send(body);
    },
  );
}
