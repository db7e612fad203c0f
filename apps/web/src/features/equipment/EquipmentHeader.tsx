import type { ReactNode } from 'react';
import { Button, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { EquipmentRecord } from '@ztj/contracts';
import { StatusTag } from '../devices/StatusTag';

interface EquipmentHeaderProps {
  title: string;
  /** The device, once loaded (name, id, store, status). */
  record: EquipmentRecord | null | undefined;
  /** Where "back" goes (the list). */
  back: string;
  extra?: ReactNode;
}

/** Title row of the equipment detail screens: back, title, device name and id, store, status. */
export function EquipmentHeader({ title, record, back, extra }: EquipmentHeaderProps): ReactNode {
  const { t } = useTranslation('equipment');
  const navigate = useNavigate();
  return (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
      <Space wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(back)} aria-label={t('common.back')} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {record && (
          <>
            <Typography.Text strong>{record.alias || record.name}</Typography.Text>
            <Typography.Text type="secondary">{record.id}</Typography.Text>
            {record.warehouseName && <Typography.Text type="secondary">{record.warehouseName}</Typography.Text>}
            <StatusTag status={record.status} />
          </>
        )}
      </Space>
      {extra}
    </Space>
  );
}
