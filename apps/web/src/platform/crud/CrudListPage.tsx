import { useState, type ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RouteDef } from '@ztj/contracts';
import { ListErrorAlert } from '../list/ListErrorAlert';
import { ListPage, type ListPageProps } from '../list/ListPage';
import { RowActions, type RowAction } from '../list/RowActions';

/** The standard actions of a row, handed to {@link CrudRowActions.build} to place among its own. */
export interface StandardRowActions {
  /** Opens the form on the row; permission `<prefix>:edit`. */
  edit: RowAction;
  /** Asks, then deletes the row; permission `<prefix>:delete`. */
  delete: RowAction;
}

/** The action column of a {@link CrudListPage}. */
export interface CrudRowActions<Row> {
  /** Column width in px; none lets the table size it. */
  width?: number;
  /** False leaves the column unpinned; pinned to the right by default. */
  fixed?: false;
  /** The row's actions in order; edit then delete when left out. */
  build?: (row: Row, standard: StandardRowActions) => RowAction[];
}

/** What the form of a {@link CrudListPage} is given besides the record. */
export interface CrudFormControls<Row> {
  /** Closes the form. */
  close: () => void;
  /** Reloads the list (after a save). */
  saved: () => void;
  /** The edited record; undefined when adding. */
  record: Row | undefined;
}

/** Props of {@link CrudListPage}: those of `ListPage` plus the error alert, the actions and the form. */
export interface CrudListPageProps<Row extends { id: string }> extends Omit<ListPageProps<Row>, 'testId'> {
  /** Test id of the list; the load-error alert gets `<testId>-error`. */
  testId?: string;
  /** The alert above the list when its page failed to load (the list route and the texts). */
  loadError?: { route: RouteDef; title: string; retryText: string };
  actions?: CrudRowActions<Row>;
  /** The add/edit form; "add" and the edit action open it. */
  form?: (controls: CrudFormControls<Row>) => ReactNode;
  /** Prepares the record the edit action opens the form on (e.g. loads the full record). */
  loadForEdit?: (row: Row) => Promise<Row>;
}

/** The load error of the list's active query, or null: the machinery keeps only rows and loading. */
function useActiveListError(route: RouteDef | undefined): Error | null {
  const cache = useQueryClient().getQueryCache();
  if (!route) return null;
  const failed = cache
    .findAll({ queryKey: ['list', route.path], type: 'active' })
    .find((q) => q.state.status === 'error');
  return failed?.state.error ?? null;
}

/**
 * A config-driven entity list of the console on the one list machinery (`useListPage` +
 * `ListPage`): the load-error alert with retry, the list, a last column of row actions (edit and
 * delete by the list's permission prefix, plus the page's own) and the add/edit form it opens.
 */
export function CrudListPage<Row extends { id: string }>(props: CrudListPageProps<Row>): ReactNode {
  const { testId, loadError, actions, form, loadForEdit, columns, onAdd, ...listProps } = props;
  const { list } = listProps;
  const { t } = useTranslation('list');
  const [editing, setEditing] = useState<{ record?: Row } | null>(null);
  const error = useActiveListError(loadError?.route);

  const open = (row: Row): void => {
    if (loadForEdit) void loadForEdit(row).then((record) => setEditing({ record }));
    else setEditing({ record: row });
  };
  const standard = (row: Row): StandardRowActions => ({
    edit: {
      key: 'edit',
      label: t('actions.edit'),
      permission: `${list.permissionPrefix}:edit`,
      onClick: () => open(row),
    },
    delete: {
      key: 'delete',
      label: t('actions.delete'),
      permission: `${list.permissionPrefix}:delete`,
      danger: true,
      onClick: () => list.confirmDelete(row.id),
    },
  });
  const actionColumn: ColumnType<Row> = {
    title: t('actions.title'),
    key: 'actions',
    ...(actions?.fixed === false ? {} : { fixed: 'right' as const }),
    ...(actions?.width ? { width: actions.width } : {}),
    render: (_v: unknown, row: Row) => {
      const std = standard(row);
      return <RowActions actions={actions?.build ? actions.build(row, std) : [std.edit, std.delete]} />;
    },
  };

  return (
    <>
      {loadError && (
        <ListErrorAlert
          error={error}
          title={loadError.title}
          retryText={loadError.retryText}
          onRetry={() => void list.reload()}
          testId={testId && `${testId}-error`}
        />
      )}
      <ListPage<Row>
        testId={testId}
        {...listProps}
        onAdd={onAdd ?? (form ? () => setEditing({}) : undefined)}
        columns={[...columns, actionColumn]}
      />
      {form &&
        editing &&
        form({ record: editing.record, close: () => setEditing(null), saved: () => void list.reload() })}
    </>
  );
}
