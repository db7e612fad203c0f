import type { ReactNode } from 'react';
import { DatePicker, Segmented, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HISTORY_RANGE_KEYS, computeHistoryRange, type HistoryRangeKey, type HistoryRangeValue } from './historyRange';

interface HistoryRangePickerProps {
  value: HistoryRangeValue;
  onChange: (value: HistoryRangeValue) => void;
}

/**
 * The one history range picker (SPEC §9): today, last 3/5/7 days, or a custom span chosen with a
 * RangePicker (times to the second, end after start, nothing in the future).
 */
export function HistoryRangePicker({ value, onChange }: HistoryRangePickerProps): ReactNode {
  const { t } = useTranslation('devices');
  const custom = value.key === 'custom' ? (value.custom ?? computeHistoryRange({ key: 'today' })) : undefined;
  return (
    <Space wrap data-testid="history-range">
      <Segmented<HistoryRangeKey>
        value={value.key}
        options={HISTORY_RANGE_KEYS.map((k) => ({ value: k, label: t(`range.${k}`) }))}
        onChange={(key) => onChange(key === 'custom' ? { key, custom: computeHistoryRange(value) } : { key })}
      />
      {custom && (
        <DatePicker.RangePicker
          showTime
          allowClear={false}
          format="YYYY-MM-DD HH:mm:ss"
          value={[dayjs(custom.beginTime), dayjs(custom.endTime)]}
          disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
          onChange={(dates) => {
            const [from, to] = dates ?? [];
            if (from && to) onChange({ key: 'custom', custom: { beginTime: from.valueOf(), endTime: to.valueOf() } });
          }}
        />
      )}
    </Space>
  );
}
