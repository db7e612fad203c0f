import { useState, type ReactNode } from 'react';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { GATEWAY_EXPORT_FILE, GatewayRouteRoutes, type GatewayRouteRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { codeColumn, dateTimeColumn } from '../../../platform/crud/crudColumns';
import { CrudListPage } from '../../../platform/crud/CrudListPage';
import { http } from '../../../platform/http/httpClient';
import { saveBlob } from '../../../platform/http/saveBlob';
import { useListPage } from '../../../platform/list/useListPage';
import { usePermission } from '../../../platform/permissions/usePermission';
import { GatewayRouteFormModal } from './GatewayRouteFormModal';

/** Downloads the enabled routes as the Spring Cloud Gateway YAML file the server writes. */
async function exportConfig(): Promise<void> {
  const response = await http.get<Blob>(GatewayRouteRoutes.exportConfig.path, { responseType: 'blob' });
  saveBlob(response.data, GATEWAY_EXPORT_FILE);
}

/**
 * Gateway routes (`system/GatewayRouteList`; SPEC §2 system → gateway routes):
 * list with route id, name, URI, predicates, flags and status; add/edit with JSON predicates and
 * filters; delete and batch delete (confirmed); export of the enabled routes as a Spring Cloud
 * Gateway configuration file for an external gateway (the server proxies nothing).
 */
export function GatewayRouteListPage(): ReactNode {
  const { t } = useTranslation(['gateway', 'list']);
  const { can } = usePermission();
  const [exporting, setExporting] = useState(false);
  const list = useListPage({
    route: GatewayRouteRoutes.list,
    permissionPrefix: 'gateway',
    sourceKey: '/system/gatewayroute',
    deleteRoute: GatewayRouteRoutes.delete,
    deleteBatchRoute: GatewayRouteRoutes.deleteBatch,
  });
  const yesNo = (v: number): ReactNode => (v === 1 ? <Tag color="blue">{t('yes')}</Tag> : <Tag>{t('no')}</Tag>);
  const runExport = (): void => {
    setExporting(true);
    void exportConfig()
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <CrudListPage<GatewayRouteRecord>
      testId="gateway-list"
      loadError={{ route: GatewayRouteRoutes.list, title: t('loadError'), retryText: t('retry') }}
      list={list}
      batchDelete
      extra={
        can('gateway:export') && (
          <Tooltip title={t('exportHint')}>
            <Button icon={<ExportOutlined />} loading={exporting} onClick={runExport} data-testid="gateway-export">
              {t('export')}
            </Button>
          </Tooltip>
        )
      }
      queryFields={[
        { name: 'routerId', label: t('fields.routerId'), kind: 'text' },
        { name: 'name', label: t('fields.name'), kind: 'text' },
        {
          name: 'status',
          label: t('fields.status'),
          kind: 'select',
          options: [
            { value: 1, label: t('enabled') },
            { value: 0, label: t('disabled') },
          ],
        },
      ]}
      columns={[
        codeColumn(t('fields.routerId'), 'routerId'),
        { title: t('fields.name'), dataIndex: 'name', sorter: true, ellipsis: true },
        { title: t('fields.uri'), dataIndex: 'uri', ellipsis: true, width: 220 },
        {
          title: t('fields.predicates'),
          dataIndex: 'predicates',
          ellipsis: true,
          width: 220,
          render: (v: string) => (
            <Tooltip title={<pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{v}</pre>}>
              <Typography.Text code>{v}</Typography.Text>
            </Tooltip>
          ),
        },
        { title: t('fields.stripPrefix'), dataIndex: 'stripPrefix', width: 100, render: yesNo },
        { title: t('fields.retryable'), dataIndex: 'retryable', width: 90, render: yesNo },
        { title: t('fields.persistable'), dataIndex: 'persistable', width: 90, render: yesNo },
        { title: t('fields.showApi'), dataIndex: 'showApi', width: 100, render: yesNo },
        {
          title: t('fields.status'),
          dataIndex: 'status',
          sorter: true,
          width: 90,
          render: (v: number) => (
            <Tag color={v === 1 ? 'green' : 'default'} data-testid="gateway-status">
              {v === 1 ? t('enabled') : t('disabled')}
            </Tag>
          ),
        },
        dateTimeColumn(t('createTime')),
      ]}
      actions={{ width: 130 }}
      form={({ record, close, saved }) => <GatewayRouteFormModal route={record} onClose={close} onSaved={saved} />}
    />
  );
}
