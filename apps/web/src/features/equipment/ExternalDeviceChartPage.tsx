import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useDeviceDetail } from '../devices/api';
import { HistoryChartTab } from '../devices/HistoryChartTab';
import type { HistoryRangeValue } from '../devices/historyRange';
import { StatusTag } from '../devices/StatusTag';
import styles from './equipment.module.css';

/**
 * External device chart (`warehouse/ExternalDeviceChart`, /warehouse/external/chart/:id): the
 * history chart of a Modbus or third-party device per parameter over a range, from the same
 * history call (and alarm shading) as the device detail.
 */
export function ExternalDeviceChartPage(): ReactNode {
  const { t } = useTranslation('equipment');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const detail = useDeviceDetail(id);
  const [range, setRange] = useState<HistoryRangeValue>({ key: 'today' });
  return (
    <Card data-testid="external-chart-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button
          icon={<ArrowLeftOutlined />}
          onClick={() => void navigate('/warehouse/external')}
          aria-label={t('common.back')}
        />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('external.chartTitle')}
        </Typography.Title>
        {detail.data && (
          <>
            <Typography.Text strong>{detail.data.alias || detail.data.name}</Typography.Text>
            <Typography.Text type="secondary">{detail.data.id}</Typography.Text>
            <StatusTag status={detail.data.status} />
          </>
        )}
      </Space>
      {detail.isLoading && <Skeleton active />}
      {detail.isError && <Alert type="error" showIcon title={t('common.notFound')} />}
      {detail.data && (
        <div className={styles.scrollX}>
          <HistoryChartTab device={detail.data} range={range} onRangeChange={setRange} />
        </div>
      )}
    </Card>
  );
}
