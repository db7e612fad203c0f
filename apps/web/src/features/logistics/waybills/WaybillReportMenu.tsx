import type { ReactNode } from 'react';
import { Button, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ReportRoutes, WAYBILL_PERMS } from '@ztj/contracts';
import { startExport } from '../../../platform/exports/exportFlow';
import { Authorized } from '../../../platform/permissions/Authorized';

/**
 * Reports of a waybill: the waybill report as PDF or Excel (type 8) and the ZIP of
 * its devices' reports (type 6), each generated in the download center (the console says so and
 * offers the file when done). Needs `task:export`.
 */
export function WaybillReportMenu({ waybillId }: { waybillId: string }): ReactNode {
  const { t } = useTranslation('waybills');
  const items = [
    {
      key: 'pdf',
      label: t('report.pdf'),
      onClick: () => void startExport(ReportRoutes.waybill.path, { id: waybillId, format: 'pdf' }),
    },
    {
      key: 'xlsx',
      label: t('report.xlsx'),
      onClick: () => void startExport(ReportRoutes.waybill.path, { id: waybillId, format: 'xlsx' }),
    },
    {
      key: 'zip',
      label: t('report.zip'),
      onClick: () => void startExport(ReportRoutes.waybillZip.path, { id: waybillId }),
    },
  ];
  return (
    <Authorized action={WAYBILL_PERMS.export}>
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button type="link" size="small" data-testid="waybill-report">
          {t('report.button')} <DownOutlined />
        </Button>
      </Dropdown>
    </Authorized>
  );
}
