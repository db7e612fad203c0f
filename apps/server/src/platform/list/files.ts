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
 * Stores a file under `folder` with an unguessable name (so a link is the only way to it) and
 * returns its path relative to the files root, e.g. `import/3f…9a.xls`.
 */
export async function storeFile(dataDir: string, folder: string, ext: string, body: Buffer): Promise<string> {
  const safeFolder = folder.replace(/[^a-z0-9_-]/gi, '') || 'temp';
  const safeExt = ext.replace(/[^a-z0-9]/gi, '').slice(0, 10).toLowerCase();
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
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp',
  '.bmp': 'image/bmp', '.svg': 'image/svg+xml', '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '.pdf': 'application/pdf',
  '.zip': 'application/zip', '.txt': 'text/plain; charset=utf-8', '.csv': 'text/csv; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** `Content-Disposition` for a download with a UTF-8 file name (RFC 6266 / 5987). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
