import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ColumnType } from 'antd/es/table';
import i18next from 'i18next';
import type { AlarmRecord } from '@ztj/contracts';
import { setupEnglishUi, stubLayoutApis, withProviders } from '../../test/jsdom';
import { alarmOf } from './alarmFixtures';
import { alarmColumns } from './alarmColumns';
import { alarmQueryFields } from './alarmQueryFields';
import { toAlarmWireQuery } from './alarmQuery';
import { formatAlarmTime, type AlarmT } from './alarmText';

stubLayoutApis();
setupEnglishUi('alarms');

const t: AlarmT = (key, options) => i18next.t(`alarms:${key}`, options);
const noop = (): void => undefined;
const columns = (): ColumnType<AlarmRecord>[] =>
  alarmColumns(
    t,
    'en-US',
    { process: noop, comments: noop, view: noop },
    { now: 2_000_000 },
  ) as ColumnType<AlarmRecord>[];
const cell = (row: AlarmRecord): ReactNode =>
  columns()
    .find((c) => c.key === 'backfill')!
    .render?.(row.backfill, row, 0) as ReactNode;

describe('alarm list: back-filled episodes (learned late) are shown and filtered', () => {
  it('shows a back-filled alarm as a tag saying when it was learned, a live one as live', () => {
    const late = alarmOf({ id: 'late', backfill: true, createdAt: 1_700_000_000_000 });
    render(withProviders(<>{cell(late)}</>));
    const tag = screen.getByTestId('alarm-backfill-late');
    expect(tag.textContent).toBe('Back-filled');
    expect(tag.getAttribute('title')).toBe(`Back-filled data, learned at ${formatAlarmTime(1_700_000_000_000)}`);
    render(withProviders(<>{cell(alarmOf({ id: 'live' }))}</>));
    expect(screen.getByTestId('alarm-backfill-live').textContent).toBe('Live');
    expect(columns().find((c) => c.key === 'backfill')?.title).toBe('Data');
  });

  it('offers a back-fill filter that goes on the wire as the list field `backfill`', () => {
    const field = alarmQueryFields(t, 'en-US').find((f) => f.name === 'backfill');
    expect(field).toMatchObject({
      label: 'Data',
      kind: 'select',
      options: [
        { value: 'true', label: 'Back-filled' },
        { value: 'false', label: 'Live' },
      ],
    });
    expect(toAlarmWireQuery({ backfill: 'true', severity: 'H' })).toEqual({ backfill: 'true', severity: 'H' });
  });

  it('has the texts in Chinese too', async () => {
    await i18next.loadLanguages('zh-CN');
    await i18next.loadNamespaces('alarms');
    const zh = i18next.getFixedT('zh-CN', 'alarms');
    expect([zh('columns.backfill'), zh('filters.backfill'), zh('backfill.yes'), zh('backfill.no')]).toEqual([
      '数据来源',
      '数据来源',
      '补传',
      '实时',
    ]);
    expect(zh('backfill.learnedAt', { time: '2026-12-02 17:03:00' })).toBe('补传数据，获知于 2026-12-02 17:03:00');
  });
});
