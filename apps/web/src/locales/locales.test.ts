import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@ztj/contracts';

const root = import.meta.dirname;

/** Every leaf key of a JSON namespace, dotted. */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    leafKeys(v, prefix ? `${prefix}.${k}` : k),
  );
}

function namespaces(lang: string): string[] {
  return readdirSync(join(root, lang))
    .filter((f) => f.endsWith('.json'))
    .sort();
}

function keysOf(lang: string, file: string): string[] {
  return leafKeys(JSON.parse(readFileSync(join(root, lang, file), 'utf8')) as unknown).sort();
}

describe('locales', () => {
  it('has the same namespaces in every language', () => {
    const [first, ...rest] = LANGUAGES;
    for (const lang of rest) expect(namespaces(lang)).toEqual(namespaces(first));
  });

  for (const file of namespaces('zh-CN')) {
    it(`${file}: every key exists in both languages`, () => {
      const zh = keysOf('zh-CN', file);
      const en = keysOf('en-US', file);
      expect(
        zh.filter((k) => !en.includes(k)),
        `keys missing in en-US/${file}`,
      ).toEqual([]);
      expect(
        en.filter((k) => !zh.includes(k)),
        `keys missing in zh-CN/${file}`,
      ).toEqual([]);
    });

    it(`${file}: no empty texts`, () => {
      for (const lang of LANGUAGES) {
        const json = JSON.parse(readFileSync(join(root, lang, file), 'utf8')) as unknown;
        const empty = leafKeys(json).filter((key) => {
          const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], json);
          return typeof text !== 'string' || text.trim() === '';
        });
        expect(empty, `${lang}/${file}`).toEqual([]);
      }
    });
  }
});
