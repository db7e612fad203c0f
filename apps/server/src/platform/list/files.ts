import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Route (under the base path) that serves stored files (SPEC §7 "common static"). */
export const STATIC_PREFIX = '/sys/common/static';

/** Folder of uploaded and generated files: DATA_DIR/files (ARCHITECTURE §1). */
export function filesRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}

/**
 * Stores a file under `folder` with an unguessable name and returns its path relative to the
 * files root, e.g. `import/3f…9a.xls`. Records no owner: use {@link storeOwnedFile} for files
 * a tenant's users upload or should read.
 */
export async function storeFile(dataDir: string, folder: string, ext: string, body: Buffer): Promise<string> {
  const safeFolder = folder.replace(/[^a-z0-9_-]/gi, '') || 'temp';
  const safeExt = ext
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 10)
    .toLowerCase();
  const rel = `${safeFolder}/${crypto.randomUUID().replaceAll('-', '')}${safeExt ? `.${safeExt}` : ''}`;
  const full = path.join(filesRoot(dataDir), rel);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, body);
  return rel;
}

/** Resolves a relative path inside the files root; undefined when it would leave it. */
export function resolveStored(dataDir: string, rel: string): string | undefined {
  const root = filesRoot(dataDir);
  if (!rel || rel.includes('\0') || path.isAbsolute(rel)) return undefined;
  const full = path.resolve(root, rel);
  return full.startsWith(root + path.sep) ? full : undefined;
}

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** `Content-Disposition` for a download with a UTF-8 file name (RFC 6266 / 5987). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Who a stored file belongs to: the tenant whose members may read it, and the uploader. */
export interface FileOwner {
  tenantId: number;
  userId: string;
}

/** Database access needed to record and check file owners (a `Db` or a transaction). */
interface OwnerQueries {
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * Like {@link storeFile}, and records `owner` in `sys_file` (migration 0032) so the static route
 * serves the file only to signed-in members of the owner's tenant (SPEC §7 upload/static).
 * @returns the path relative to the files root, e.g. `avatar/3f…9a.png`.
 */
export async function storeOwnedFile(
  db: OwnerQueries,
  dataDir: string,
  owner: FileOwner,
  folder: string,
  ext: string,
  body: Buffer,
): Promise<string> {
  const rel = await storeFile(dataDir, folder, ext, body);
  await db.query('INSERT INTO sys_file (path, tenant_id, create_by) VALUES ($1, $2, $3)', [
    rel,
    owner.tenantId,
    owner.userId,
  ]);
  return rel;
}

/**
 * Whether the signed-in `userId` may read the stored file `rel`: a member of the tenant
 * recorded as its owner (`sys_file` + `sys_user_tenant`, one query); a file without an owner row
 * (written before migration 0032, or by nothing that records one) is refused.
 */
export async function mayReadFile(db: OwnerQueries, rel: string, userId: string): Promise<boolean> {
  const [row] = await db.query<{ member: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM sys_user_tenant ut WHERE ut.tenant_id = f.tenant_id AND ut.user_id = $2) AS member
       FROM sys_file f WHERE f.path = $1`,
    [rel, userId],
  );
  return row?.member === true;
}

/** File types a browser may show inline: raster images only (SVG can carry script). */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

/** Policy of every stored-file response: nothing loads, scripts never run, even if opened directly. */
export const FILE_CSP = "default-src 'none'; sandbox";

/**
 * Response headers of a stored file: its type, `inline` for raster images and
 * `attachment` (with its stored name) for everything else, `nosniff`, {@link FILE_CSP}, and no
 * caching outside the signed-in browser.
 */
export function storedFileHeaders(full: string): Record<string, string> {
  const type = contentTypeOf(full);
  const name = path.basename(full);
  return {
    'content-type': type,
    'content-disposition': INLINE_TYPES.has(type) ? `inline; filename="${name}"` : attachment(name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': FILE_CSP,
    'cache-control': 'private, no-store',
  };
}
