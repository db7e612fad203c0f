import type { Resource, ResourceLanguage } from 'i18next';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

/**
 * All locale JSON files as an i18next resource: `src/locales/<lang>/<namespace>.json`.
 * Bundled with the entry: the texts of both languages are small and needed before first paint.
 */
export function localeResources(): Resource {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, ns] = match;
    resources[lang] = { ...resources[lang], [ns]: content as ResourceLanguage[string] };
  }
  return resources;
}
