/**
 * Readable text of a device log line (SPEC §2 device log; the detail's log tab and the device log
 * list): `content` is the JSON the server stored — a command (`type` + parameters), an ack
 * (`cmdId`, `ok`, `error?`), a configuration change (changed fields) or a Modbus link change
 * (`modbus` online/offline, `host`, `unitId`, `error?`). Anything else is shown as stored.
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

/**
 * The readable text of a log line of `kind` ('command' | 'ack' | 'config') with stored `content`;
 * the content itself when it is not a JSON object.
 */
export function formatLogContent(kind: string, content: string, t: LogTranslate): string {
  const o = parseObject(content);
  if (!o) return content;
  if (kind === 'ack') return ackText(o, t);
  if (kind === 'command' || typeof o.type === 'string') return commandText(o, t);
  if (typeof o.modbus === 'string') return modbusText(o, t);
  return fieldsText(o, t) || content;
}
