import { getParameter, type DeviceRecord, type Language } from '@ztj/contracts';
import type { ParamLimits, ReportAlarm } from './report-context';
import type { ReadingColumns } from './report-data';
import { excursions, type ExcursionSummary } from './stats/excursions';
import { readingIntervals, type Gap } from './stats/intervals';
import { meanKineticTemperature } from './stats/mkt';
import { compact, paramStats, type ParamStats } from './stats/param-stats';

/** Most chart points per parameter (min/max per bucket, so extremes stay visible). */
export const CHART_MAX_POINTS = 2_000;
/** Parameters drawn on the curve: temperature P003 and humidity P004. */
export const CHART_CODES = ['P003', 'P004'] as const;

/** One parameter of a device section. */
export interface ParamSection {
  code: string;
  name: string;
  unit: string;
  stats: ParamStats;
  /** MKT in °C (temperature parameters only, unit °C). */
  mkt: number | null;
  limits: ParamLimits | null;
  /** Null without limits. */
  excursions: ExcursionSummary | null;
}

/** Everything a report shows about one device. */
export interface DeviceSection {
  device: Pick<DeviceRecord, 'id' | 'name' | 'alias' | 'model' | 'groupName'>;
  count: number;
  params: ParamSection[];
  /** Gaps of the device's readings (any parameter). */
  gaps: Gap[];
  chart: { code: string; name: string; unit: string; points: [number, number][]; limits: ParamLimits | null }[];
  alarms: { total: number; alarms: ReportAlarm[] };
  /** The readings themselves (kept for the Excel data sheet only). */
  columns: ReadingColumns | null;
}

/** A whole report (one or several devices). Times ms. */
/** A section printed after the cover (e.g. the waybill's information and track table). */
export interface ReportPreface {
  heading: string;
  pairs?: [string, string][];
  table?: { header: string[]; rows: string[][] };
}

export interface ReportModel {
  lang: Language;
  /** Title printed instead of the device report's (e.g. the warehouse daily report's). */
  title?: string;
  /** Sections printed after the cover, before the devices (PDF) / after the cover rows (Excel). */
  preface?: ReportPreface[];
  product: string;
  tenant: string;
  requester: string;
  timeZone: string;
  generatedAt: number;
  start: number;
  end: number;
  /** SHA-256 (hex) of the canonical readings (see `report-data.ts`). */
  sha256: string;
  devices: DeviceSection[];
}

/**
 * `maxPoints` or fewer points of a series: all points when few enough, else ⌊maxPoints/2⌋ buckets of
 * equal reading counts, each giving its minimum and maximum in time order.
 */
export function downsample(
  ts: ArrayLike<number>,
  values: ArrayLike<number>,
  maxPoints = CHART_MAX_POINTS,
): [number, number][] {
  const n = ts.length;
  if (n <= maxPoints) return Array.from({ length: n }, (_, i) => [ts[i]!, values[i]!]);
  const buckets = Math.max(1, Math.floor(maxPoints / 2));
  const out: [number, number][] = [];
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor((b * n) / buckets);
    const to = Math.floor(((b + 1) * n) / buckets);
    let lo = from;
    let hi = from;
    for (let i = from; i < to; i++) {
      if (values[i]! < values[lo]!) lo = i;
      if (values[i]! > values[hi]!) hi = i;
    }
    for (const i of lo === hi ? [lo] : lo < hi ? [lo, hi] : [hi, lo]) out.push([ts[i]!, values[i]!]);
  }
  return out;
}

/** The section of one device from its readings, limits and alarms (pure). */
export function deviceSection(
  device: DeviceSection['device'],
  data: ReadingColumns,
  limits: Map<string, ParamLimits>,
  alarms: DeviceSection['alarms'],
  lang: Language,
  keepColumns: boolean,
): DeviceSection {
  const params: ParamSection[] = [];
  const chart: DeviceSection['chart'] = [];
  for (const [code, col] of data.cols) {
    const { ts, values } = compact(data.ts, col);
    const iv = readingIntervals(ts);
    const stats = paramStats(ts, values, iv.weights);
    if (!stats) continue;
    const def = getParameter(code);
    const name = (lang === 'en-US' ? def?.nameEn : def?.nameZh) ?? code;
    const unit = def?.unit ?? '';
    const lim = limits.get(code) ?? null;
    params.push({
      code,
      name,
      unit,
      stats,
      mkt: unit === '°C' ? meanKineticTemperature(values, iv.weights) : null,
      limits: lim,
      excursions: lim ? excursions(ts, values, iv.weights, new Set(iv.gaps.map((g) => g.start)), lim) : null,
    });
    if ((CHART_CODES as readonly string[]).includes(code))
      chart.push({ code, name, unit, points: downsample(ts, values), limits: lim });
  }
  return {
    device,
    count: data.count,
    params,
    gaps: readingIntervals(data.ts).gaps,
    chart,
    alarms,
    columns: keepColumns ? data : null,
  };
}
