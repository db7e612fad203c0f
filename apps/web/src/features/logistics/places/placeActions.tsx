import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { linkActionsColumn } from '../../../platform/crud/crudColumns';

/**
 * The action column of the points and paths lists (112 px): edit and delete links, each behind
 * its permission (PLACES_PERMS); `onEdit` opens the row's editor, `onDelete` asks before deleting.
 */
export function placeActionsColumn<Row>(
  t: TFunction,
  perms: { edit: string; delete: string },
  onEdit: (row: Row) => void,
  onDelete: (row: Row) => void,
): ColumnType<Row> {
  return linkActionsColumn<Row>(t('fields.actions'), 112, (row) => [
    { key: 'edit', label: t('actions.edit'), permission: perms.edit, onClick: () => onEdit(row) },
    { key: 'delete', label: t('actions.delete'), permission: perms.delete, danger: true, onClick: () => onDelete(row) },
  ]);
}
