import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceRoutes } from '@ztj/contracts';
import { PickerField } from '../../platform/pickers/PickerField';
import { RecordPickerModal } from '../../platform/pickers/RecordPickerModal';

/** Props of {@link DevicePickerField} (antd Form control: comma-joined device ids). */
export interface DevicePickerFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Names of ids known beforehand (stored bindings, a scene's devices). */
  labels?: ReadonlyMap<string, string>;
  id?: string;
}

/** Picks devices of the tenant (multi) with the generic record picker over the device list. */
export function DevicePickerField({ value, onChange, labels, id }: DevicePickerFieldProps): ReactNode {
  const { t } = useTranslation('alarmSettings');
  return (
    <PickerField
      id={id}
      value={value}
      onChange={onChange}
      labels={labels}
      renderPicker={({ open, ids, close, commit }) => (
        <RecordPickerModal
          open={open}
          multi
          title={t('devicePicker.title')}
          route={DeviceRoutes.list}
          sourceKey="alarm-devices"
          searchField="name"
          value={ids.map((i) => ({ id: i, name: labels?.get(i) ?? i }) as never)}
          labelOf={(d) => d.alias || d.name}
          columns={[
            { title: t('devicePicker.name'), dataIndex: 'name' },
            { title: t('devicePicker.id'), dataIndex: 'id' },
            { title: t('devicePicker.model'), dataIndex: 'model' },
            { title: t('devicePicker.group'), dataIndex: 'groupName' },
          ]}
          onOk={(rows) => commit(rows.map((r) => ({ id: r.id, label: r.alias || r.name })))}
          onCancel={close}
        />
      )}
    />
  );
}
