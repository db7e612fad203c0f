import { DEVICE_LOG_KINDS, ingestRefusalText, type Language } from '@ztj/contracts';

/**
 * Readable text of a device log line (SPEC §2 device log; the detail's log tab and the device log
 * list): `content` is the JSON the server stored — a command (`type` + parameters), an ack
 * (`cmdId`, `ok`, `error?`), a configuration change (changed fields), a Modbus link change
 * (`modbus` online/offline, `host`, `unitId`, `error?`) or a refused message (kind `refused`:
 * `reason`, `field`, `count?`, `sample`). Anything else is shown as stored.
 */

/** The translation function of the `devices` namespace (i18next `t`). */
export type LogTranslate = (key: string, options?: Record<string, unknown>) => string;

/** Command types with their own label (`logFormat.commands.<type>`). */
const COMMAND_TYPES = new Set(['setPeriods', 'shutdown', 'setSwitch', 'setSetPoint', 'readMeter']);

/** At most this many characters of a command id are shown. */
const CMD_ID_CHARS = 8;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses stored JSON; undefined when the text is not a JSON object. */
function parseObject(content: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(content);
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** One value in a list of changes: booleans as yes/no, objects as compact JSON. */
function valueText(v: unknown, t: LogTranslate): string {
  if (typeof v === 'boolean') return t(v ? 'logFormat.yes' : 'logFormat.no');
  if (v === null) return '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** `label: value, …` of an object's fields, field labels from the period names when known. */
function fieldsText(o: Record<string, unknown>, t: LogTranslate): string {
  return Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .map(
      ([k, v]) =>
        `${t(`logFormat.fields.${k}`, { defaultValue: t(`periods.${k}`, { defaultValue: k }) })}: ${valueText(v, t)}`,
    )
    .join(', ');
}

/** Short form of a command id (first 8 characters). */
export function shortCmdId(cmdId: string): string {
  return cmdId.length > CMD_ID_CHARS ? `${cmdId.slice(0, CMD_ID_CHARS)}…` : cmdId;
}

function commandText(o: Record<string, unknown>, t: LogTranslate): string {
  const type = String(o.type ?? '');
  const label = COMMAND_TYPES.has(type) ? t(`logFormat.commands.${type}`) : type;
  switch (type) {
    case 'setSwitch':
      return `${label}: ${t(o.on ? 'logFormat.on' : 'logFormat.off')}`;
    case 'setSetPoint':
      return `${label}: ${o.well !== undefined ? `${t('logFormat.well', { well: o.well })}, ` : ''}${String(o.setPointC)} °C`;
    case 'setPeriods':
      return isRecord(o.periods) ? `${label}: ${fieldsText(o.periods, t)}` : label;
    default: {
      const rest = Object.fromEntries(Object.entries(o).filter(([k]) => !['type', 'cmdId', 'ts'].includes(k)));
      return Object.keys(rest).length ? `${label}: ${fieldsText(rest, t)}` : label;
    }
  }
}

function ackText(o: Record<string, unknown>, t: LogTranslate): string {
  const cmd = shortCmdId(String(o.cmdId ?? ''));
  if (o.ok === false)
    return t('logFormat.ackFailed', { cmd, error: typeof o.error === 'string' && o.error ? o.error : '—' });
  return t('logFormat.ackOk', { cmd });
}

function modbusText(o: Record<string, unknown>, t: LogTranslate): string {
  const text = t(o.modbus === 'online' ? 'logFormat.modbusOnline' : 'logFormat.modbusOffline', {
    host: String(o.host ?? '—'),
    unit: String(o.unitId ?? '—'),
  });
  return typeof o.error === 'string' && o.error ? `${text}: ${o.error}` : text;
}

/** The text of a refusal reason key in `lang` (contracts' `INGEST_REFUSAL_MESSAGES`); '—' when none. */
export function refusalReasonText(reason: string | null | undefined, lang: Language): string {
  return reason ? ingestRefusalText(reason, lang) : '—';
}

/**
 * A refused message: its reason in `lang` with the field it concerns, the count of a summary of
 * refusals counted but not logged, and the sample of the payload as the device sent it.
 */
function refusedText(o: Record<string, unknown>, t: LogTranslate, lang: Language): string {
  const field = typeof o.field === 'string' && o.field ? ` (${o.field})` : '';
  const parts = [`${refusalReasonText(typeof o.reason === 'string' ? o.reason : null, lang)}${field}`];
  if (typeof o.count === 'number') parts.push(t('logFormat.suppressedCount', { count: o.count }));
  if (typeof o.sample === 'string' && o.sample) parts.push(t('logFormat.sample', { sample: o.sample }));
  return parts.join(' · ');
}

/** The label of a log kind (`log.kinds.<kind>` for the kinds the server writes; others as they come). */
export function logKindLabel(kind: string, t: LogTranslate): string {
  return (DEVICE_LOG_KINDS as readonly string[]).includes(kind) ? t(`log.kinds.${kind}`) : kind;
}

/** Operators that are the platform itself (`scene`: a scene's command), shown by name. */
const SYSTEM_OPERATORS = new Set(['scene']);

/** The operator of a log line: a user name as stored, the platform's own by label, '—' when none. */
export function logOperatorText(operator: string | null, t: LogTranslate): string {
  if (operator === null) return '—';
  return SYSTEM_OPERATORS.has(operator) ? t(`log.operators.${operator}`) : operator;
}

/**
 * The readable text of a log line of `kind` ('command' | 'ack' | 'config' | 'refused') with stored
 * `content`, reasons in `lang`; the content itself when it is not a JSON object.
 */
export function formatLogContent(kind: string, content: string, t: LogTranslate, lang: Language = 'zh-CN'): string {
  const o = parseObject(content);
  if (!o) return content;
  if (kind === 'refused') return refusedText(o, t, lang);
  if (kind === 'ack') return ackText(o, t);
  if (kind === 'command' || typeof o.type === 'string') return commandText(o, t);
  if (typeof o.modbus === 'string') return modbusText(o, t);
  return fieldsText(o, t) || content;
}
