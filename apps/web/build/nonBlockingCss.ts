import type { Plugin } from 'vite';

/**
 * Turns the entry's stylesheet link in index.html into a preload that applies itself when loaded,
 * so the first paint (the start-up splash, styled inline in index.html) does not wait for it: on a
 * slow mobile link the stylesheet shared the bandwidth with the entry's module preloads and held
 * first paint back by ~1 s (Lighthouse, login page). The stylesheet is requested first and is
 * small (global rules, the progress bar), so it is in place before the scripts render the console;
 * `<noscript>` keeps it for browsers without scripts.
 */
export function nonBlockingCssPlugin(): Plugin {
  return {
    name: 'ztj-non-blocking-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet" crossorigin href="([^"]+)">/g,
          (_m, href: string) =>
            `<link rel="preload" as="style" crossorigin href="${href}" onload="this.onload=null;this.rel='stylesheet'"><noscript><link rel="stylesheet" crossorigin href="${href}"></noscript>`,
        ),
    },
  };
}
