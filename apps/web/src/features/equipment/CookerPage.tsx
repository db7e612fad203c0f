import { type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Empty, Pagination, Space, Spin } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EquipmentFamily } from '@ztj/contracts';
import { CookerCard } from './CookerCard';
import styles from './equipment.module.css';
import { useEquipmentList } from './useEquipmentList';

const POTS: readonly EquipmentFamily[] = ['boilPot'];
const COOKERS: readonly EquipmentFamily[] = ['odenCooker'];

/** Cards of every pot or cooker of the tenant (list machinery paging), live from the WebSocket. */
function CookerPage({ kind }: { kind: 'boilPot' | 'odenCooker' }): ReactNode {
  const { t } = useTranslation('equipment');
  const { list, error, connected } = useEquipmentList(
    kind === 'boilPot' ? POTS : COOKERS,
    kind === 'boilPot' ? '/warehouse/boilpot' : '/warehouse/oden',
  );
  return (
    <Card data-testid={`${kind}-page`}>
      <Space wrap style={{ width: '100%', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.reload()}>
            {t('common.refresh')}
          </Button>
          <Badge
            status={connected ? 'processing' : 'default'}
            text={connected ? t('common.liveOn') : t('common.livePolling')}
            data-testid="live-state"
          />
        </Space>
      </Space>
      {error && (
        <Alert
          type="error"
          showIcon
          title={t('common.loadError')}
          action={
            <Button size="small" onClick={() => void list.reload()}>
              {t('common.retry')}
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <Spin spinning={list.loading}>
        {list.rows.length === 0 && !list.loading ? (
          <Empty description={t('cooker.empty')} />
        ) : (
          <div className={styles.cards}>
            {list.rows.map((row) => (
              <CookerCard key={row.id} row={row} />
            ))}
          </div>
        )}
      </Spin>
      {list.total > list.pageSize && (
        <Pagination
          style={{ marginTop: 16 }}
          current={list.pageNo}
          pageSize={list.pageSize}
          total={list.total}
          onChange={list.changePage}
          size="small"
        />
      )}
    </Card>
  );
}

/** Boil pots (`warehouse/BoilPot`, /warehouse/boilpot; SPEC §2 warehouse). */
export function BoilPotPage(): ReactNode {
  return <CookerPage kind="boilPot" />;
}

/** Oden cookers (`warehouse/OdenCooker`, /warehouse/oden; SPEC §2 warehouse). */
export function OdenCookerPage(): ReactNode {
  return <CookerPage kind="odenCooker" />;
}
