/** The two interface languages (SPEC §1). zh-CN is the default. */
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Picks the language from an Accept-Language header value; anything not English is Chinese. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
}

/** A text in both languages, for messages the server writes and seed data. */
export interface BilingualText {
  'zh-CN': string;
  'en-US': string;
}
