import type { TFunction } from 'i18next';
import type { RouteDef } from '@ztj/contracts';
import { useListError } from '../list/useListError';
import { useListPage, type ListPageState, type RowOf, type UseListPageOptions } from '../list/useListPage';
import { confirmRowDelete, sectionDeleteTexts } from './confirmRowDelete';

/** Options of {@link useSectionList}: the list's, plus how one row is deleted. */
export interface UseSectionListOptions<D extends RouteDef> extends UseListPageOptions<D> {
  /** Removes rows by id (a delete mutation: `mutateAsync` of `ids`). */
  remover: { mutateAsync: (ids: string[]) => Promise<unknown> };
  /** The feature namespace's `t` and the section whose `deleteTitle` / `deleteContent` ask. */
  t: TFunction;
  section: string;
  /** Test id of the dialog's danger OK button, when a flow clicks it. */
  okTestId?: string;
}

/** What {@link useSectionList} gives a list page. */
export interface SectionList<Row> {
  list: ListPageState<Row>;
  /** The latest load error of the list's route, or null. */
  listError: Error | null;
  /** Asks (naming the row), deletes it, says so and applies the paging rule for one row gone. */
  confirmDelete: (row: Row) => void;
}

/**
 * The list state of a feature section whose rows carry `id` and `name`: `useListPage`, its load
 * error and the one-row delete after confirmation (texts by {@link sectionDeleteTexts}).
 */
export function useSectionList<D extends RouteDef>(
  options: UseSectionListOptions<D>,
): SectionList<RowOf<D> & { id: string; name: string }> {
  const { remover, t, section, okTestId, ...listOptions } = options;
  const list = useListPage(listOptions) as ListPageState<RowOf<D> & { id: string; name: string }>;
  const listError = useListError(options.route.path);
  const confirmDelete = (row: { id: string; name: string }): void =>
    confirmRowDelete({
      texts: sectionDeleteTexts(t, section, row.name),
      okTestId,
      remove: () => remover.mutateAsync([row.id]),
      onDone: () => list.afterDelete(1),
    });
  return { list, listError, confirmDelete };
}
