import type { BackendModule, Resource, ResourceLanguage } from 'i18next';

/**
 * Namespaces bundled with the entry: what the login page and the HTTP layer need before first
 * paint. Every other namespace (`src/locales/<lang>/<ns>.json`) loads with the screen that uses it.
 */
export const BUNDLED_NAMESPACES = ['common', 'auth'] as const;

const bundled = import.meta.glob<ResourceLanguage>(['../../locales/*/common.json', '../../locales/*/auth.json'], {
  eager: true,
  import: 'default',
});
const lazy = import.meta.glob<ResourceLanguage>(
  ['../../locales/*/*.json', '!../../locales/*/common.json', '!../../locales/*/auth.json'],
  {
    import: 'default',
  },
);

function parts(path: string): { lang: string; ns: string } | null {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { lang: match[1], ns: match[2] } : null;
}

/** The bundled namespaces of both languages as an i18next resource. */
export function bundledResources(): Resource {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, content] of Object.entries(bundled)) {
    const p = parts(path);
    if (p) resources[p.lang] = { ...resources[p.lang], [p.ns]: content as ResourceLanguage[string] };
  }
  return resources;
}

/** i18next backend loading the other namespaces on demand (one small chunk per language and namespace). */
export const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = lazy[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (content) => callback(null, content),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};
