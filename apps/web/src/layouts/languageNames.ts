import type { Language } from '@ztj/contracts';

/** Each language named in itself, so it is found whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };
