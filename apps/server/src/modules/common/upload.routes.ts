import path from 'node:path';
import { CommonRoutes, ResultCode } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { STATIC_PREFIX, storeOwnedFile } from '../../platform/list/files';
import { readMultipart, registerRawRoute } from '../../platform/list/raw-route';
import { staticFileRoutes } from './static.routes';
import { describeUpload } from './stored-files.service';
import { storedFileRoutes } from './stored-files.routes';

/** Image types accepted for avatars and images (SVG excluded: it can carry script). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);
/** Extensions accepted for other uploads. */
const FILE_EXT = /^\.(png|jpe?g|gif|webp|bmp|pdf|xlsx?|docx?|txt|csv|zip)$/i;
const IMAGE_BIZ = new Set(['avatar', 'image']);

/**
 * Upload and static files (SPEC §7 "common upload/static"). Upload: multipart `file` + `biz`
 * (default temp); avatars and images accept image types only ('please upload an image', SPEC §5).
 * The file is stored under DATA_DIR/files with an unguessable name, owned by the caller's tenant
 *, and served back by the static route ({@link staticFileRoutes}) to members of that
 * tenant only; the message carries the relative path as the original API did. The file storage
 * list ({@link storedFileRoutes}) shows its original name, size, type and folder.
 */
export function uploadRoutes(app: FastifyInstance, db: Db, config: Config): void {
  staticFileRoutes(app, db, config.dataDir);
  storedFileRoutes(app, db, config.dataDir);
  registerRawRoute(app, db, CommonRoutes.upload, async ({ req, auth }) => {
    const { files, fields } = await readMultipart(req);
    const file = files[0];
    if (!file) throw new AppError('badRequest', 'noFileUploaded');
    const biz = (fields.biz ?? 'temp').replace(/[^a-z0-9_-]/gi, '') || 'temp';
    const ext = path.extname(file.filename).toLowerCase();
    if (IMAGE_BIZ.has(biz)) {
      if (!IMAGE_TYPES.has(file.mimetype ?? '') || !/^\.(png|jpe?g|gif|webp|bmp)$/.test(ext))
        throw new AppError('badRequest', 'uploadImageOnly');
    } else if (!FILE_EXT.test(ext)) {
      throw new AppError('badRequest', 'importFileType');
    }
    const rel = await storeOwnedFile(
      db,
      config.dataDir,
      { tenantId: auth.tenantId, userId: auth.userId },
      biz,
      ext.slice(1),
      file.body,
    );
    // what the file storage list shows: original name, size, type, folder
    const id = await describeUpload(db, rel, {
      fileName: file.filename,
      size: file.body.length,
      contentType: file.mimetype,
      biz,
    });
    return {
      kind: 'envelope',
      body: {
        success: true,
        code: ResultCode.OK,
        message: rel,
        result: {
          id,
          fileName: file.filename,
          filePath: rel,
          fileSize: file.body.length,
          url: `${config.basePath}${STATIC_PREFIX}/${rel}`,
        },
        timestamp: Date.now(),
      },
    };
  });
}
