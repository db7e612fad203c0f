import { useState, type ReactNode } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HistoryTableTab } from '../devices/HistoryTableTab';
import type { HistoryRangeValue } from '../devices/historyRange';
import { LogTab } from '../devices/LogTab';
import { useEquipmentRecord } from './api';
import { EquipmentHeader } from './EquipmentHeader';
import styles from './equipment.module.css';

/**
 * Plug history (`warehouse/PlugHistory`, /warehouse/plug/history/:id): the plug's readings (state,
 * W, kWh, A, overload) as a paged table, and its switching commands, acknowledgements and refusals
 * from the device log — the same history and log calls as the device detail.
 */
export function PlugHistoryPage(): ReactNode {
  const { t } = useTranslation('equipment');
  const { id = '' } = useParams();
  const record = useEquipmentRecord(id);
  const [range, setRange] = useState<HistoryRangeValue>({ key: 'today' });
  const [tab, setTab] = useState('readings');
  return (
    <Card data-testid="plug-history-page">
      <EquipmentHeader title={t('plug.historyTitle')} record={record.data} back="/warehouse/plug" />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'readings',
            label: t('plug.readings'),
            children: (
              <div className={styles.scrollX}>
                <HistoryTableTab deviceId={id} range={range} onRangeChange={setRange} />
              </div>
            ),
          },
          {
            key: 'log',
            label: t('plug.commands'),
            children: (
              <div className={styles.scrollX}>
                <LogTab deviceId={id} range={range} onRangeChange={setRange} />
              </div>
            ),
          },
        ]}
      />
    </Card>
  );
}
