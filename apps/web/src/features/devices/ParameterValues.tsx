import type { ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import type { Language, ParameterReading } from '@ztj/contracts';
import { formatParameterValue, parameterName } from './parameterFormat';
import styles from './devices.module.css';

/** Codes with their own columns in device tables (battery, signal), left out of the values cell. */
const OWN_COLUMNS = new Set(['P005', 'P012']);

interface ParameterValuesProps {
  values: readonly ParameterReading[];
  lang: Language;
  /** Largest number of tags shown; the rest go into a "+N" tooltip. */
  max?: number;
}

/** Latest values of a device as compact "name value unit" tags (units from the parameter table). */
export function ParameterValues({ values, lang, max = 4 }: ParameterValuesProps): ReactNode {
  const shown = values.filter((v) => !OWN_COLUMNS.has(v.code));
  if (shown.length === 0) return <span style={{ color: 'rgba(0,0,0,0.45)' }}>—</span>;
  const head = shown.slice(0, max);
  const rest = shown.slice(max);
  const tag = (v: ParameterReading): ReactNode => (
    <Tag key={v.code} className={styles.valueTag} data-code={v.code}>
      {parameterName(v.code, lang)} {formatParameterValue(v.code, v.value, lang)}
    </Tag>
  );
  return (
    <span className={styles.values}>
      {head.map(tag)}
      {rest.length > 0 && (
        <Tooltip title={<span className={styles.values}>{rest.map(tag)}</span>}>
          <Tag className={styles.valueTag}>+{rest.length}</Tag>
        </Tooltip>
      )}
    </span>
  );
}
