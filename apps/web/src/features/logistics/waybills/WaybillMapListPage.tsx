import { useMemo, type ReactNode } from 'react';
import { Alert, Card, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../platform/list/listQuery';
import { useWaybillMapList } from './api';
import { WaybillMap } from './WaybillMap';
import { WaybillTimingTag } from './WaybillTags';
import styles from './waybills.module.css';

/**
 * Map list (`task/TaskMapList`; SPEC §2 map list, §7 running-waybill monitor): every ongoing waybill
 * of the tenant on one map — route, fences and the truck's last position — polled every 6 s, with a
 * list of them (timing outcome, ETA) that opens the detail.
 */
export function WaybillMapListPage(): ReactNode {
  const { t } = useTranslation('waybills');
  const navigate = useNavigate();
  const running = useWaybillMapList();
  const items = useMemo(() => running.data ?? [], [running.data]);
  const entries = useMemo(
    () =>
      items.map((w) => ({
        id: w.id,
        route: w.route,
        position: w.position ? { lat: w.position.lat, lng: w.position.lng, label: w.vehicle || w.name } : null,
      })),
    [items],
  );
  const open = (id: string): void => void navigate(`/task/detail/${encodeURIComponent(id)}`);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12} data-testid="waybill-maplist">
      {running.isError && <Alert type="error" showIcon title={running.error.message} />}
      <Card size="small" title={t('map.title', { count: items.length })}>
        <WaybillMap entries={entries} fitKey={items.length} onSelect={open} className={styles.mapListBox} />
      </Card>
      <Card size="small">
        <List
          loading={running.isLoading}
          dataSource={items}
          locale={{ emptyText: t('map.empty') }}
          renderItem={(w) => (
            <List.Item onClick={() => open(w.id)} style={{ cursor: 'pointer' }}>
              <Space wrap size={4}>
                <Typography.Link>{w.name}</Typography.Link>
                <Typography.Text type="secondary">{w.number}</Typography.Text>
                <WaybillTimingTag timing={w.timing} />
                {w.etaMs !== null && (
                  <Typography.Text type="secondary">
                    {t('map.eta', { time: formatDateTime(new Date(w.etaMs).toISOString()) })}
                  </Typography.Text>
                )}
              </Space>
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
