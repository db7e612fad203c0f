import type { ReactNode } from 'react';
import { Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { EquipmentRecord } from '@ztj/contracts';
import { StatusTag } from '../devices/StatusTag';
import { formatReportTime } from '../devices/parameterFormat';

/** Name (alias first) with the device id under it, linking to the device detail. */
export function DeviceName({ row, secondary }: { row: EquipmentRecord; secondary?: ReactNode }): ReactNode {
  return (
    <Space orientation="vertical" size={0}>
      <Link to={`/device/detail/${encodeURIComponent(row.id)}`} data-testid={`open-${row.id}`}>
        {row.alias || row.name}
      </Link>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {row.id}
      </Typography.Text>
      {secondary}
    </Space>
  );
}

/**
 * Columns every equipment list shares: name first, then whatever the family shows (`middle`),
 * store, status, last report time (the last two hidden on phones) and `actions` if given.
 */
export function equipmentColumns(
  t: TFunction,
  middle: ColumnsType<EquipmentRecord>,
  actions?: (row: EquipmentRecord) => ReactNode,
  actionsWidth = 160,
): ColumnsType<EquipmentRecord> {
  return [
    {
      title: t('common.search.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (_: unknown, row) => <DeviceName row={row} />,
    },
    ...middle,
    {
      title: t('common.store'),
      dataIndex: 'warehouseName',
      key: 'warehouseName',
      sorter: true,
      responsive: ['lg'],
      render: (v: string | null) => v ?? t('common.noStore'),
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      width: 90,
      responsive: ['sm'],
      render: (v: EquipmentRecord['status']) => <StatusTag status={v} />,
    },
    {
      title: t('common.lastReport'),
      dataIndex: 'lastReportTime',
      key: 'lastReportTime',
      sorter: true,
      width: 170,
      responsive: ['xl'],
      render: (v: number | null, row) => <span data-testid={`report-time-${row.id}`}>{formatReportTime(v)}</span>,
    },
    ...(actions
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: actionsWidth,
            render: (_: unknown, row: EquipmentRecord) => actions(row),
          },
        ]
      : []),
  ];
}
