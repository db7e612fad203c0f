import type { ReactNode } from 'react';
import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language } from '@ztj/contracts';
import { useWarehouseView } from '../logistics/warehouses/api';
import { SensorCard } from '../logistics/warehouses/SensorCard';
import { useScreenWarehouses } from './api';
import styles from './yakult.module.css';

/** One warehouse: its sensors' latest values against their limits and active alarms (polled 6 s). */
function WarehouseBlock({ id, name, lang }: { id: string; name: string; lang: Language }): ReactNode {
  const view = useWarehouseView(id);
  return (
    <div className={styles.warehouse} data-testid="yakult-warehouse">
      <h3>{name}</h3>
      {view.isLoading ? (
        <Spin />
      ) : (
        <div className={styles.sensors}>
          {(view.data?.sensors ?? []).map((s) => (
            <SensorCard key={s.id} sensor={s} lang={lang} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The customer's first warehouses with their sensors (the warehouse view's cards). */
export function YakultWarehouses({ lang }: { lang: Language }): ReactNode {
  const { t } = useTranslation('yakult');
  const list = useScreenWarehouses();
  if (list.isLoading) return <Spin />;
  const records = list.data?.records ?? [];
  if (records.length === 0) return <Empty description={t('noWarehouses')} />;
  return (
    <div className={styles.warehouses}>
      {records.map((w) => (
        <WarehouseBlock key={w.id} id={w.id} name={w.name} lang={lang} />
      ))}
    </div>
  );
}
