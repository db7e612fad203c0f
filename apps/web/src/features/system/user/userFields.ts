import type { TFunction } from 'i18next';
import type { QueryField } from '../../../platform/list/QueryForm';
import type { SuperQueryField } from '../../../platform/list/superQuery';

/** Query form of the user list. */
export function userQueryFields(t: TFunction): QueryField[] {
  return [
    { name: 'username', label: t('system:user.username'), kind: 'text' },
    { name: 'realname', label: t('system:user.realname'), kind: 'text' },
    { name: 'phone', label: t('system:user.phone'), kind: 'text' },
    { name: 'sex', label: t('system:user.sex'), kind: 'dict', dictCode: 'sex' },
    { name: 'status', label: t('system:user.status'), kind: 'dict', dictCode: 'user_status', search: true },
    { name: 'createTime', label: t('system:user.createTime'), kind: 'datetimeRange' },
  ];
}

/** Advanced-query fields of the user list (public fields of the server's allow-list). */
export function userSuperFields(t: TFunction): SuperQueryField[] {
  return [
    { field: 'username', label: t('system:user.username'), type: 'string' },
    { field: 'realname', label: t('system:user.realname'), type: 'string' },
    {
      field: 'sex',
      label: t('system:user.sex'),
      type: 'select',
      options: [
        { value: '1', label: t('system:user.male') },
        { value: '2', label: t('system:user.female') },
      ],
    },
    { field: 'birthday', label: t('system:user.birthday'), type: 'date' },
    { field: 'phone', label: t('system:user.phone'), type: 'string' },
    { field: 'email', label: t('system:user.email'), type: 'string' },
    { field: 'workNo', label: t('system:user.workNo'), type: 'string' },
    {
      field: 'status',
      label: t('system:user.status'),
      type: 'select',
      options: [
        { value: '1', label: t('system:user.normal') },
        { value: '2', label: t('system:user.frozen') },
      ],
    },
    { field: 'createTime', label: t('system:user.createTime'), type: 'datetime' },
  ];
}
