import type { BilingualText } from '../i18n';

/** Envelope messages of scheduled jobs, merged into `MESSAGES`. */
export const QUARTZ_MESSAGES = {
  quartzJobNotFound: { 'zh-CN': '定时任务不存在', 'en-US': 'Scheduled job not found' },
  quartzJobExists: {
    'zh-CN': '该任务类与参数的定时任务已存在',
    'en-US': 'A scheduled job with this job class and parameter already exists',
  },
  quartzJobClassUnknown: { 'zh-CN': '未知的任务类', 'en-US': 'Unknown job class' },
  quartzCronNever: { 'zh-CN': '该 Cron 表达式以后不会再触发', 'en-US': 'This cron expression never fires again' },
  quartzExecuted: { 'zh-CN': '已提交执行', 'en-US': 'Submitted for execution' },
} as const satisfies Record<string, BilingualText>;

/**
 * Field-error texts of cron expressions (SPEC §5 cron bounds) and job classes, merged into
 * `VALIDATION_MESSAGES`. Each names the field of the expression it is about.
 */
export const QUARTZ_VALIDATION_MESSAGES = {
  'validation.cronFieldCount': {
    'zh-CN': 'Cron 表达式须为 6 或 7 个以空格分隔的字段（秒 分 时 日 月 周 [年]）',
    'en-US': 'A cron expression has 6 or 7 space-separated fields (second minute hour day month week [year])',
  },
  'validation.cronSecond': { 'zh-CN': '秒：取值 0-59，间隔 1-59', 'en-US': 'Second: values 0-59, increment 1-59' },
  'validation.cronMinute': { 'zh-CN': '分：取值 0-59，间隔 1-60', 'en-US': 'Minute: values 0-59, increment 1-60' },
  'validation.cronHour': { 'zh-CN': '时：取值 0-23，间隔 1-23', 'en-US': 'Hour: values 0-23, increment 1-23' },
  'validation.cronDay': {
    'zh-CN': '日：取值 1-31，或 ?、L、LW、L-n、nW',
    'en-US': 'Day: values 1-31, or ?, L, LW, L-n, nW',
  },
  'validation.cronMonth': { 'zh-CN': '月：取值 1-12，间隔 1-12', 'en-US': 'Month: values 1-12, increment 1-12' },
  'validation.cronWeek': {
    'zh-CN': '周：取值 1-7（1 为周日），间隔 1-7，或 ?、nL、n#k（k 为 1-5）',
    'en-US': 'Week: values 1-7 (1 = Sunday), increment 1-7, or ?, nL, n#k (k 1-5)',
  },
  'validation.cronYear': {
    'zh-CN': '年：取值 2019-2119，间隔 1-99',
    'en-US': 'Year: values 2019-2119, increment 1-99',
  },
  'validation.cronDayOrWeek': {
    'zh-CN': '日与周必须有且只有一个为 ?',
    'en-US': 'Exactly one of day and week must be ?',
  },
  'validation.cronNever': { 'zh-CN': '该表达式以后不会再触发', 'en-US': 'This expression never fires again' },
  'validation.quartzJobClass': { 'zh-CN': '未知的任务类', 'en-US': 'Unknown job class' },
} as const satisfies Record<string, BilingualText>;
