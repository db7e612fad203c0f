import type { Language } from '@ztj/contracts';

/**
 * The help pages' media: screenshots and the walk-through video generated from
 * the product by `apps/web/e2e/help-media.mjs` into `public/help/<lang>/`, shipped with the console.
 */

/** One task of the help page: its help.json `topics.<key>` texts and its screenshots. */
export interface HelpTopic {
  key: string;
  /** Screenshot files (without `.webp`) with the help.json key of their description. */
  images: { file: string; altKey: string }[];
}

/** The operator's main tasks, in the order a new user meets them. */
export const HELP_TOPICS: readonly HelpTopic[] = [
  { key: 'signin', images: [{ file: 'signin', altKey: 'alt' }] },
  { key: 'dashboard', images: [{ file: 'dashboard', altKey: 'alt' }] },
  {
    key: 'devices',
    images: [
      { file: 'devices', altKey: 'alt' },
      { file: 'device', altKey: 'altDetail' },
    ],
  },
  { key: 'alarms', images: [{ file: 'alarms', altKey: 'alt' }] },
  { key: 'waybills', images: [{ file: 'waybill', altKey: 'alt' }] },
  { key: 'warehouses', images: [{ file: 'warehouse', altKey: 'alt' }] },
  { key: 'downloads', images: [{ file: 'downloads', altKey: 'alt' }] },
];

/** The video's chapters (help.json `video.steps.<key>`), in the order the script records them. */
export const VIDEO_STEPS = [
  'signin',
  'tenant',
  'dashboard',
  'devices',
  'device',
  'alarms',
  'waybill',
  'warehouse',
  'downloads',
] as const;

/** Length of every chapter of the video: the same STEP_SECONDS as in help-media.mjs. */
export const VIDEO_STEP_SECONDS = 5.5;

/** Size the screenshots are taken at (the image's intrinsic size, so the page does not jump). */
export const SHOT_SIZE = { width: 1280, height: 800 } as const;

/** Relative URL of a help media file of `lang` (the console is served under any path). */
export function helpMediaUrl(lang: Language, file: string): string {
  return `./help/${lang}/${file}`;
}

/** `m:ss` of a time in seconds. */
export function clock(seconds: number): string {
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
