import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { toLanguage } from './i18n';

function apply(language: string): void {
  dayjs.locale(toLanguage(language) === 'zh-CN' ? 'zh-cn' : 'en');
}

/**
 * Keeps dayjs' global locale on the interface language (dates, antd pickers). Imported for its
 * effect by the basic layout, so every console page has it and the login page does not carry dayjs.
 */
apply(i18next.language);
i18next.on('languageChanged', apply);

export { dayjs };
