import { useState, type ReactNode } from 'react';
import { Badge, Button, Space } from 'antd';
import { DeleteOutlined, DownloadOutlined, FilterOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RouteDef } from '@ztj/contracts';
import { usePermission } from '../permissions/usePermission';
import { AdvancedQueryModal } from './AdvancedQueryModal';
import { ImportModal } from './ImportModal';
import type { SuperQueryField } from './superQuery';
import type { ListPageState } from './useListPage';

/** Props of {@link ListToolbar}. */
export interface ListToolbarProps<Row> {
  list: ListPageState<Row>;
  onAdd?: () => void;
  importRoute?: RouteDef;
  /** Name of the exported file (without extension). */
  exportName?: string;
  superFields?: readonly SuperQueryField[];
  extra?: ReactNode;
  /** Show batch delete (needs the list's batch-delete route). */
  batchDelete?: boolean;
}

/** Buttons above a list: add, import, export, advanced query, batch delete (SPEC §6 visibility). */
export function ListToolbar<Row>({
  list,
  onAdd,
  importRoute,
  exportName,
  superFields,
  extra,
  batchDelete,
}: ListToolbarProps<Row>): ReactNode {
  const { t } = useTranslation('list');
  const { can } = usePermission();
  const [importing, setImporting] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  const prefix = list.permissionPrefix;
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="list-toolbar">
      {onAdd && !list.excluded.add && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="list-add">
          {t('toolbar.add')}
        </Button>
      )}
      {importRoute && can(`${prefix}:import`) && (
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
          {t('toolbar.import')}
        </Button>
      )}
      {list.exportRoute && exportName && can(`${prefix}:export`) && (
        <Button icon={<DownloadOutlined />} onClick={() => void list.exportXls(exportName)} data-testid="list-export">
          {t('toolbar.export')}
        </Button>
      )}
      {superFields && superFields.length > 0 && (
        <Badge dot={list.superActive} data-testid={list.superActive ? 'super-active' : undefined}>
          <Button
            icon={<FilterOutlined />}
            type={list.superActive ? 'primary' : 'default'}
            ghost={list.superActive}
            onClick={() => setAdvanced(true)}
          >
            {list.superActive ? t('super.active') : t('super.open')}
          </Button>
        </Badge>
      )}
      {batchDelete && !list.excluded.batchDelete && (
        <Button danger icon={<DeleteOutlined />} onClick={list.confirmBatchDelete} data-testid="list-batch-delete">
          {t('toolbar.batchDelete')}
        </Button>
      )}
      {extra}
      {importRoute && importing && (
        <ImportModal
          open
          route={importRoute}
          onClose={() => setImporting(false)}
          onImported={() => void list.reload()}
        />
      )}
      {superFields && advanced && (
        <AdvancedQueryModal
          open
          fields={superFields}
          code={list.sourceKey}
          initial={list.superConditions}
          initialMatch={list.matchType}
          onClose={() => setAdvanced(false)}
          onSearch={list.applySuperQuery}
        />
      )}
    </Space>
  );
}
