import type { Language } from '@ztj/contracts';

const ZH = {
  titleSingle: '设备温湿度报告（单终端）',
  titleMulti: '设备温湿度报告（多终端）',
  product: '产品',
  tenant: '租户',
  timeZone: '时区',
  generatedAt: '生成时间',
  requester: '申请人',
  range: '时间范围',
  sha: '数据 SHA-256',
  shaNote: '按时间顺序对每条读数的规范序列化（设备号|时间毫秒|按参数编码排序的数值JSON，换行分隔）计算',
  devices: '设备',
  device: '设备',
  deviceId: '设备号',
  model: '型号',
  group: '分组',
  readings: '读数条数',
  summary: '汇总',
  statsTitle: '参数统计',
  param: '参数',
  unit: '单位',
  min: '最小值',
  minTime: '最小值时间',
  max: '最大值',
  maxTime: '最大值时间',
  avg: '时间加权平均',
  mkt: '平均动力学温度 MKT',
  lowLimit: '下限',
  highLimit: '上限',
  outHigh: '超上限累计',
  outLow: '超下限累计',
  longest: '最长单次超限',
  limitsFrom: '限值来源（规则模板）',
  noLimits: '未绑定含该参数阈值的规则模板',
  mktNote:
    '平均动力学温度 MKT = (ΔH/R) / (−ln(Σ Δt_i·e^(−(ΔH/R)/T_i) / Σ Δt_i)) − 273.15，ΔH/R = 10000 K（ΔH = 83.144 kJ/mol），T 为开尔文；每条读数持续到下一条读数，间隔超过 max(3×中位间隔, 30 分钟) 视为数据缺口并排除（缺口前的读数按中位间隔计）。',
  chartTitle: '温湿度曲线',
  excursionsTitle: '超限事件',
  zone: '区间',
  zoneHigh: '高于上限',
  zoneLow: '低于下限',
  start: '开始',
  end: '结束',
  duration: '时长',
  extreme: '极值',
  none: '无',
  gapsTitle: '数据缺口',
  alarmsTitle: '告警汇总',
  alarmType: '告警类型',
  rule: '规则',
  severity: '级别',
  status: '状态',
  processed: '处理状态',
  processRecord: '最新处理记录',
  active: '告警中',
  cleared: '已恢复',
  yes: '已处理',
  no: '未处理',
  alarmsTotal: '告警总数',
  alarmsShown: '列出前 {n} 条',
  signTitle: '签字确认',
  preparedBy: '编制人',
  reviewedBy: '审核人',
  name: '姓名',
  time: '时间',
  page: '第 {p} / {n} 页',
  dataSheet: '数据',
  time0: '采集时间',
  severities: { L: '一般', M: '重要', H: '紧急' } as Record<string, string>,
  fileSingle: '单终端报告',
  fileMulti: '多终端报告',
  description: '设备报告：{devices}，{start} 至 {end}',
};

const EN: typeof ZH = {
  titleSingle: 'Device temperature and humidity report (single terminal)',
  titleMulti: 'Device temperature and humidity report (multiple terminals)',
  product: 'Product',
  tenant: 'Tenant',
  timeZone: 'Time zone',
  generatedAt: 'Generated at',
  requester: 'Requested by',
  range: 'Time range',
  sha: 'Data SHA-256',
  shaNote:
    'over the canonical serialization of every reading in time order (device id|time ms|values JSON with keys sorted by code, one line each)',
  devices: 'Devices',
  device: 'Device',
  deviceId: 'Device id',
  model: 'Model',
  group: 'Group',
  readings: 'Readings',
  summary: 'Summary',
  statsTitle: 'Parameter statistics',
  param: 'Parameter',
  unit: 'Unit',
  min: 'Min',
  minTime: 'Time of min',
  max: 'Max',
  maxTime: 'Time of max',
  avg: 'Time-weighted average',
  mkt: 'Mean kinetic temperature (MKT)',
  lowLimit: 'Low limit',
  highLimit: 'High limit',
  outHigh: 'Total above',
  outLow: 'Total below',
  longest: 'Longest single event',
  limitsFrom: 'Limits from (rule templates)',
  noLimits: 'No bound rule template sets a limit on this parameter',
  mktNote:
    'Mean kinetic temperature MKT = (ΔH/R) / (−ln(Σ Δt_i·e^(−(ΔH/R)/T_i) / Σ Δt_i)) − 273.15 with ΔH/R = 10000 K (ΔH = 83.144 kJ/mol), T in kelvin; each reading holds until the next one; an interval longer than max(3 × median interval, 30 min) is a gap and is excluded (the reading before it holds one median interval).',
  chartTitle: 'Temperature and humidity curve',
  excursionsTitle: 'Excursions',
  zone: 'Zone',
  zoneHigh: 'Above high',
  zoneLow: 'Below low',
  start: 'Start',
  end: 'End',
  duration: 'Duration',
  extreme: 'Extreme',
  none: 'None',
  gapsTitle: 'Data gaps',
  alarmsTitle: 'Alarm summary',
  alarmType: 'Alarm type',
  rule: 'Rule',
  severity: 'Severity',
  status: 'Status',
  processed: 'Processing',
  processRecord: 'Latest process record',
  active: 'Active',
  cleared: 'Cleared',
  yes: 'Processed',
  no: 'Unprocessed',
  alarmsTotal: 'Alarms',
  alarmsShown: 'first {n} listed',
  signTitle: 'Signatures',
  preparedBy: 'Prepared by',
  reviewedBy: 'Reviewed by',
  name: 'Name',
  time: 'Time',
  page: 'Page {p} / {n}',
  dataSheet: 'Data',
  time0: 'Time',
  severities: { L: 'General', M: 'Important', H: 'Urgent' },
  fileSingle: 'single-terminal-report',
  fileMulti: 'multi-terminal-report',
  description: 'Device report: {devices}, {start} to {end}',
};

/** Texts of the reports per language (every report in both languages). */
export type ReportLabels = typeof ZH;
/** The report texts of `lang`. */
export function labelsOf(lang: Language): ReportLabels {
  return lang === 'en-US' ? EN : ZH;
}

/** A duration in ms as "1d 2h 3m" / "1天2小时3分" (minutes rounded; "0m" / "0分" under 30 s). */
export function formatDuration(ms: number, lang: Language): string {
  const total = Math.round(ms / 60_000);
  const d = Math.floor(total / 1440);
  const h = Math.floor((total % 1440) / 60);
  const m = total % 60;
  const u = lang === 'en-US' ? ['d ', 'h ', 'm'] : ['天', '小时', '分'];
  return `${d ? `${d}${u[0]}` : ''}${d || h ? `${h}${u[1]}` : ''}${m}${u[2]}`.trim();
}

/** `value` with up to 2 decimals (trailing zeros kept to 2), or '—'. */
export function fmtNum(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(digits);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A ms-epoch time as `YYYY-MM-DD HH:mm:ss` in `timeZone` — the same text as the platform's
 * `formatEpochMs`, with one cached formatter per time zone (a data sheet formats ~100,000 times;
 * building an Intl formatter per call costs about a millisecond and native memory each).
 */
export function formatReportTime(ms: number, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    formatters.set(timeZone, f);
  }
  return f.format(new Date(ms)).replace('T', ' ');
}
