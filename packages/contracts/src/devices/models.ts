/**
 * Device model codes (SPEC §3) and the acquisition-period limits of SPEC §5.
 *
 * SPEC §3 lists the models by kind and says the model decides which period fields apply; SPEC §5
 * gives the limits per product family. The spec does not say which model belongs to which family.
 * The mapping below is this project's reading: SPEC §3 lists the terminal models in the same order
 * as SPEC §5 lists the families (CC3 → portable cold chain 2.1, ZGHG3 → precision 2.1, P2-5IN1 →
 * positioning bean, CC22 → cold chain 2.2, ZGHG22 → precision 2.2, MED → medical, P23 → precision
 * 2.3, P3A → P3A series), and CC-C-4000D carries the cold-chain "CC" prefix with no version, read
 * as the portable cold chain 2.1. Gateways relay their sub-devices and SPEC §5 gives them no
 * limits, so they have no family and no editable periods. Correct a row here and every form and
 * the server follow.
 */

/** What a model is (SPEC §3): vehicle gateway, warehouse gateway, WIFI virtual gateway or terminal. */
export const DEVICE_KINDS = ['vehicleGateway', 'warehouseGateway', 'wifiVirtualGateway', 'terminal'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Product families of the SPEC §5 acquisition-limit rows. */
export const ACQUISITION_FAMILIES = [
  'portableColdChain21',
  'precision21',
  'positioningBean',
  'coldChain22',
  'precision22',
  'medical',
  'precision23',
  'p3a',
] as const;
export type AcquisitionFamily = (typeof ACQUISITION_FAMILIES)[number];

/**
 * Period fields of a device (SPEC §3), all in **minutes**: rest report cycle, work (normal)
 * collection and report cycles, emergency (alarm) collection cycle and report time.
 */
export const PERIOD_FIELDS = [
  'restReportCycle',
  'workCollectionCycle',
  'workReportCycle',
  'emergencyCollectionCycle',
  'emergencyReportTime',
] as const;
export type PeriodField = (typeof PERIOD_FIELDS)[number];

/** Report (as opposed to collection) period fields; "international report periods at least 120 minutes" (SPEC §5). */
export const REPORT_PERIOD_FIELDS: readonly PeriodField[] = [
  'restReportCycle',
  'workReportCycle',
  'emergencyReportTime',
];

/** Minimum report period of international devices (SPEC §5), minutes. */
export const INTERNATIONAL_REPORT_MIN_MINUTES = 120;

/** Boolean device settings of SPEC §3: hard-shutdown permission (power button) and remote shutdown. */
export const SHUTDOWN_FIELDS = ['hardShutdown', 'remoteShutdown'] as const;
export type ShutdownField = (typeof SHUTDOWN_FIELDS)[number];

/** Limit of one period field, inclusive, minutes. `editable: false`: shown but not settable (SPEC §5 medical). */
export type PeriodLimit =
  { readonly editable: true; readonly min: number; readonly max: number } | { readonly editable: false };

/** One SPEC §5 row: the period fields that apply with their limits, and the boolean settings. */
export interface FamilyLimits {
  readonly nameZh: string;
  readonly nameEn: string;
  readonly periods: Readonly<Partial<Record<PeriodField, PeriodLimit>>>;
  readonly shutdown: readonly ShutdownField[];
}

const range = (min: number, max: number): PeriodLimit => ({ editable: true, min, max });
const BOTH_SHUTDOWN = ['hardShutdown', 'remoteShutdown'] as const;

/**
 * Acquisition limits in minutes, exactly as SPEC §5. Where §5 names one figure for "collection" it
 * is the work (normal) collection cycle; "rest and move" are the rest and work report cycles; the
 * positioning bean's single figure is its report cycle; "alarm" is the emergency pair.
 * Hard shutdown and remote shutdown apply to every terminal family (SPEC does not restrict them).
 */
export const FAMILY_LIMITS: Readonly<Record<AcquisitionFamily, FamilyLimits>> = {
  portableColdChain21: {
    nameZh: '便携冷链2.1',
    nameEn: 'Portable cold chain 2.1',
    periods: { workCollectionCycle: range(5, 1440) },
    shutdown: BOTH_SHUTDOWN,
  },
  precision21: {
    nameZh: '精准2.1',
    nameEn: 'Precision 2.1',
    periods: { restReportCycle: range(5, 1440), workReportCycle: range(5, 1440) },
    shutdown: BOTH_SHUTDOWN,
  },
  positioningBean: {
    nameZh: '定位豆',
    nameEn: 'Positioning bean',
    periods: { workReportCycle: range(5, 1440) },
    shutdown: BOTH_SHUTDOWN,
  },
  coldChain22: {
    nameZh: '冷链2.2',
    nameEn: 'Cold chain 2.2',
    periods: {
      workCollectionCycle: range(1, 60),
      workReportCycle: range(5, 1440),
      emergencyCollectionCycle: range(1, 1440),
      emergencyReportTime: range(5, 1440),
    },
    shutdown: BOTH_SHUTDOWN,
  },
  precision22: {
    nameZh: '精准2.2',
    nameEn: 'Precision 2.2',
    periods: { emergencyCollectionCycle: range(1, 60), emergencyReportTime: range(5, 60) },
    shutdown: BOTH_SHUTDOWN,
  },
  medical: {
    nameZh: '医疗',
    nameEn: 'Medical',
    periods: { workCollectionCycle: { editable: false }, workReportCycle: range(5, 60) },
    shutdown: BOTH_SHUTDOWN,
  },
  precision23: {
    nameZh: '精准2.3',
    nameEn: 'Precision 2.3',
    periods: {
      workCollectionCycle: range(1, 60),
      workReportCycle: range(1, 1440),
      emergencyCollectionCycle: range(1, 60),
      emergencyReportTime: range(5, 60),
    },
    shutdown: BOTH_SHUTDOWN,
  },
  p3a: {
    nameZh: 'P3A系列',
    nameEn: 'P3A series',
    periods: {
      workCollectionCycle: range(1, 720),
      emergencyCollectionCycle: range(1, 60),
      workReportCycle: range(5, 1440),
      emergencyReportTime: range(5, 60),
    },
    shutdown: BOTH_SHUTDOWN,
  },
};

/** One row of the model table (SPEC §3). `family` null: no SPEC §5 limits (gateways). */
export interface DeviceModelDefinition {
  readonly code: string;
  readonly kind: DeviceKind;
  readonly family: AcquisitionFamily | null;
}

/** Every device model of SPEC §3, in the spec's order (29 models). */
export const DEVICE_MODELS = [
  { code: 'CC-L-4000D', kind: 'vehicleGateway', family: null },
  { code: 'CC22-L-4000D', kind: 'vehicleGateway', family: null },
  { code: 'G2-L4N2', kind: 'vehicleGateway', family: null },
  { code: 'G24-L4Y2', kind: 'vehicleGateway', family: null },
  { code: 'CK2-L-4001D', kind: 'warehouseGateway', family: null },
  { code: 'CK-L-4000D', kind: 'warehouseGateway', family: null },
  { code: 'CK21-L-4000D', kind: 'warehouseGateway', family: null },
  { code: 'CK22-L-4000D', kind: 'warehouseGateway', family: null },
  { code: 'G2-L4N1', kind: 'warehouseGateway', family: null },
  { code: 'G24-L4Y1', kind: 'warehouseGateway', family: null },
  { code: 'G2-W1A1', kind: 'wifiVirtualGateway', family: null },
  { code: 'CC3-G-4000D', kind: 'terminal', family: 'portableColdChain21' },
  { code: 'ZGHG3-G-4000D', kind: 'terminal', family: 'precision21' },
  { code: 'P2-5IN1', kind: 'terminal', family: 'positioningBean' },
  { code: 'CC22-G-4000D', kind: 'terminal', family: 'coldChain22' },
  { code: 'CC22-G-3500D', kind: 'terminal', family: 'coldChain22' },
  { code: 'ZGHG22-G-4000D', kind: 'terminal', family: 'precision22' },
  { code: 'ZGHG22-I-4000D', kind: 'terminal', family: 'precision22' },
  { code: 'MED-G-3000D', kind: 'terminal', family: 'medical' },
  { code: 'P23-2IN1', kind: 'terminal', family: 'precision23' },
  { code: 'P23-2IN2', kind: 'terminal', family: 'precision23' },
  { code: 'CC-C-4000D', kind: 'terminal', family: 'portableColdChain21' },
  { code: 'P3A-1IY1', kind: 'terminal', family: 'p3a' },
  { code: 'P3A-1OY1', kind: 'terminal', family: 'p3a' },
  { code: 'P3A-1IY2', kind: 'terminal', family: 'p3a' },
  { code: 'P3A-1OY2', kind: 'terminal', family: 'p3a' },
  { code: 'P3A-3AY2', kind: 'terminal', family: 'p3a' },
  { code: 'P3A-3BY3', kind: 'terminal', family: 'p3a' },
  { code: 'P3A-3CY3', kind: 'terminal', family: 'p3a' },
] as const satisfies readonly DeviceModelDefinition[];

/** A device model code of SPEC §3 (`'G24-L4Y2'`, `'P23-2IN1'`…). */
export type DeviceModelCode = (typeof DEVICE_MODELS)[number]['code'];

/** Every model code in the spec's order. */
export const DEVICE_MODEL_CODES = DEVICE_MODELS.map((m) => m.code) as [DeviceModelCode, ...DeviceModelCode[]];

/** True for the three gateway kinds (they relay sub-device readings, ARCHITECTURE §5). */
export function isGatewayKind(kind: DeviceKind): boolean {
  return kind !== 'terminal';
}
