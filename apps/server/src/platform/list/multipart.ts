import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { requestLanguage } from '../http/error-handler';
import { hasInvalidText, invalidTextFailure } from '../http/input-boundary';
import type { UploadedFile } from './import-runner';

/** Biggest accepted file of a multipart upload, bytes (10 MiB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Limits of the multipart parser (busboy) for every upload and import. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 10,
  fields: 20,
  parts: 30,
  /** Bytes of one text field. */
  fieldSize: 64 * 1024,
  headerPairs: 50,
} as const;

const TOO_MANY = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

/**
 * The 400 a multipart failure answers: a file past 10 MiB → uploadTooLarge;
 * too many files, fields or parts → uploadTooManyParts; anything else the parser raises
 * (truncated body, missing or bad boundary, malformed part headers, early close) → uploadMalformed.
 */
export function multipartFailure(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('badRequest', 'uploadTooLarge', { mb: MAX_UPLOAD_BYTES / 2 ** 20 });
  if (typeof code === 'string' && TOO_MANY.has(code)) return new AppError('badRequest', 'uploadTooManyParts');
  return new AppError('badRequest', 'uploadMalformed');
}

/**
 * Reads a multipart request: every file part (`files[]`, `file`…) and the text fields. Field
 * names, text values and file names pass the same text check as JSON input (no NUL, no other
 * C0 control character but tab/CR/LF, no lone surrogate).
 * @throws AppError badRequest noFileUploaded (not multipart), uploadTooLarge,
 *   uploadTooManyParts, uploadMalformed, validationFailed with the offending field.
 */
export async function readMultipart(
  req: FastifyRequest,
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new AppError('badRequest', 'noFileUploaded');
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const texts: [field: string, value: string][] = [];
  try {
    for await (const part of req.parts()) {
      texts.push([part.fieldname, part.fieldname]);
      if (part.type === 'file') {
        texts.push([part.fieldname, part.filename]);
        const body = await part.toBuffer();
        files.push({ filename: part.filename, body, mimetype: part.mimetype });
      } else if (typeof part.value === 'string') {
        texts.push([part.fieldname, part.value]);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw multipartFailure(err);
  }
  const bad = texts.filter(([, v]) => hasInvalidText(v)).map(([f]) => (hasInvalidText(f) ? 'multipart' : f));
  if (bad.length) throw invalidTextFailure([...new Set(bad)], requestLanguage(req));
  return { files, fields };
}
