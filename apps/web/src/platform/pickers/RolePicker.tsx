import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleRoutes, type RoleRecord } from '@ztj/contracts';
import { RecordPickerModal } from './RecordPickerModal';

/** Props of {@link RolePicker}. */
export interface RolePickerProps {
  open: boolean;
  multi?: boolean;
  value?: RoleRecord[];
  onOk: (roles: RoleRecord[]) => void;
  onCancel: () => void;
}

/** Role picker (SPEC §2 widgets): role name and role code, page size 5. */
export function RolePicker(props: RolePickerProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  return (
    <RecordPickerModal
      {...props}
      title={t('pickers.role')}
      route={RoleRoutes.list}
      sourceKey="role"
      searchField="roleName"
      labelOf={(r) => r.roleName}
      columns={[
        { title: t('role.roleName'), dataIndex: 'roleName' },
        { title: t('role.roleCode'), dataIndex: 'roleCode' },
      ]}
    />
  );
}
