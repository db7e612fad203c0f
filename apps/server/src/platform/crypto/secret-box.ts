import crypto from 'node:crypto';

/** Version prefix of {@link sealSecret}'s format, so a later algorithm can be told apart. */
const VERSION = 'v1';

/**
 * Encrypts a secret for storage with AES-256-GCM (random 12-byte IV, 16-byte tag):
 * `v1:<iv>:<tag>:<ciphertext>`, each base64. `context` is bound as associated data, so a
 * ciphertext copied to another purpose (another table or column) does not decrypt there.
 * @throws Error when the key is not 32 bytes.
 */
export function sealSecret(key: Buffer, plain: string, context: string): string {
  if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

/**
 * Decrypts what {@link sealSecret} wrote with the same key and context.
 * @throws Error when the text is not in that format, or the key or context differ (tag mismatch).
 */
export function openSecret(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body, ...rest] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length) throw new Error('not a sealed secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}
