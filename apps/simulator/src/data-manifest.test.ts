import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR, DATA_FILES } from './data-files';

/** Every file under data/, relative, except the manifest and the attribution that describe them. */
function dataFiles(dir = DATA_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? dataFiles(join(dir, e.name)) : [relative(DATA_DIR, join(dir, e.name))],
  );
}

describe('data/MANIFEST.sha256', () => {
  const manifest = new Map(
    readFileSync(join(DATA_DIR, 'MANIFEST.sha256'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const [hash, file] = line.split(/\s+/);
        return [file!, hash!] as const;
      }),
  );

  it('lists every data file with its SHA-256, and nothing else', () => {
    const files = dataFiles()
      .filter((f) => f !== 'MANIFEST.sha256' && f !== 'ATTRIBUTION.md')
      .sort();
    expect([...manifest.keys()].sort()).toEqual(files);
    for (const f of files)
      expect(
        createHash('sha256')
          .update(readFileSync(join(DATA_DIR, f)))
          .digest('hex'),
        f,
      ).toBe(manifest.get(f));
  });

  it('covers every file the fleet replays, and ATTRIBUTION.md names each', () => {
    const attribution = readFileSync(join(DATA_DIR, 'ATTRIBUTION.md'), 'utf8');
    for (const f of Object.values(DATA_FILES).flat()) {
      expect(manifest.has(f), f).toBe(true);
      expect(attribution, f).toContain(
        f
          .split('/')
          .at(-1)!
          .replace(/_T\d.*$/, ''),
      );
    }
  });
});
