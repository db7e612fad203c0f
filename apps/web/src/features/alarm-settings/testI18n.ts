import i18next, { type TFunction } from 'i18next';
import { VALIDATION_MESSAGES } from '@ztj/contracts';
import en from '../../locales/en-US/alarmSettings.json';
import zh from '../../locales/zh-CN/alarmSettings.json';

/**
 * A `t` of a fresh i18next instance holding the alarmSettings namespace and the contracts'
 * validation texts (common namespace), for the pure helper tests. Not imported by the app.
 */
export async function testT(lang: 'en-US' | 'zh-CN'): Promise<TFunction> {
  const validation = Object.fromEntries(
    Object.entries(VALIDATION_MESSAGES).map(([k, v]) => [k.replace(/^validation\./, ''), v[lang]]),
  );
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    ns: ['alarmSettings', 'common'],
    defaultNS: 'alarmSettings',
    interpolation: { escapeValue: false },
    resources: { [lang]: { alarmSettings: lang === 'en-US' ? en : zh, common: { validation } } },
  });
  return instance.t;
}
