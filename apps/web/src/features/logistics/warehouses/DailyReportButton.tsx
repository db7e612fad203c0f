import { useState, type ReactNode } from 'react';
import { Button, DatePicker, Popover, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ReportRoutes, WAREHOUSE_PERMS } from '@ztj/contracts';
import { startExport } from '../../../platform/exports/exportFlow';
import { Authorized } from '../../../platform/permissions/Authorized';

/**
 * "Daily report" of the warehouse view (type 5): pick an Asia/Shanghai day (default
 * yesterday, no future day) and the report is generated in the download center (SPEC §8: the console
 * says so and offers the file when done). Needs `warehouse:export`.
 */
export function DailyReportButton({ warehouseId }: { warehouseId: string }): ReactNode {
  const { t } = useTranslation('warehouses');
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState<Dayjs>(() => dayjs().subtract(1, 'day'));
  const [busy, setBusy] = useState(false);
  const generate = async (): Promise<void> => {
    setBusy(true);
    try {
      if (await startExport(ReportRoutes.warehouseDaily.path, { id: warehouseId, date: day.format('YYYY-MM-DD') }))
        setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  const content = (
    <Space direction="vertical" size={8} data-testid="warehouse-daily-report">
      <DatePicker
        value={day}
        allowClear={false}
        onChange={(d) => d && setDay(d)}
        disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      />
      <Button type="primary" size="small" loading={busy} onClick={() => void generate()} block>
        {t('dailyReport.generate')}
      </Button>
    </Space>
  );
  return (
    <Authorized action={WAREHOUSE_PERMS.export}>
      <Popover trigger="click" open={open} onOpenChange={setOpen} title={t('dailyReport.title')} content={content}>
        <Button size="small">{t('dailyReport.button')}</Button>
      </Popover>
    </Authorized>
  );
}
