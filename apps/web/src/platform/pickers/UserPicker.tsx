import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserRoutes, type UserRecord } from '@ztj/contracts';
import { RecordPickerModal } from './RecordPickerModal';

/** Props of {@link UserPicker}. */
export interface UserPickerProps {
  open: boolean;
  multi?: boolean;
  value?: UserRecord[];
  onOk: (users: UserRecord[]) => void;
  onCancel: () => void;
}

/** User picker (SPEC §2 widgets, §9: 1250 px multi, 900 single): real name, account, phone, birthday. */
export function UserPicker(props: UserPickerProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  return (
    <RecordPickerModal
      {...props}
      width={props.multi ? 1250 : 900}
      title={t('pickers.user')}
      route={UserRoutes.list}
      sourceKey="user"
      searchField="realname"
      queryFields={[
        { name: 'realname', label: t('user.realname'), kind: 'text' },
        { name: 'username', label: t('user.username'), kind: 'text' },
        {
          name: 'sex',
          label: t('user.sex'),
          kind: 'select',
          options: [
            { value: 1, label: t('user.male') },
            { value: 2, label: t('user.female') },
          ],
        },
        { name: 'birthday', label: t('user.birthday'), kind: 'dateRange' },
      ]}
      labelOf={(u) => u.realname}
      columns={[
        { title: t('user.realname'), dataIndex: 'realname' },
        { title: t('user.username'), dataIndex: 'username' },
        { title: t('user.phone'), dataIndex: 'phone' },
        { title: t('user.birthday'), dataIndex: 'birthday' },
        {
          title: t('user.sex'),
          dataIndex: 'sex',
          render: (v: number | null) => (v === 1 ? t('user.male') : v === 2 ? t('user.female') : ''),
        },
      ]}
    />
  );
}
