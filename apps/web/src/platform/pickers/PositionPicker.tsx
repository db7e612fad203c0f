import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PositionRoutes, type PositionRecord } from '@ztj/contracts';
import { RecordPickerModal } from './RecordPickerModal';

/** Props of {@link PositionPicker}. */
export interface PositionPickerProps {
  open: boolean;
  multi?: boolean;
  value?: PositionRecord[];
  onOk: (positions: PositionRecord[]) => void;
  onCancel: () => void;
}

/** Position picker (SPEC §2 widgets, §9: 1000 px): title name, code, rank. */
export function PositionPicker(props: PositionPickerProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  return (
    <RecordPickerModal
      {...props}
      width={1000}
      title={t('pickers.position')}
      route={PositionRoutes.list}
      sourceKey="position"
      searchField="name"
      rowKey="code"
      labelOf={(r) => r.name}
      columns={[
        { title: t('position.name'), dataIndex: 'name' },
        { title: t('position.code'), dataIndex: 'code' },
        { title: t('position.postRank'), dataIndex: 'postRank' },
      ]}
    />
  );
}
