import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { excludedListButtons, type PageResult, type RouteDef, type RouteQuery, type RouteResult } from '@ztj/contracts';
import { feedback } from '../feedback/feedback';
import { callApi } from '../http/callApi';
import { usePermissionStore } from '../permissions/permissionStore';
import { DEFAULT_SORT, type ListSort } from './listQuery';
import { downloadExport } from './listApi';
import { DEFAULT_PAGE_SIZE, pageAfterDelete, rememberPageSize, rememberedPageSize } from './paging';
import { superQueryParams, type MatchType, type SuperCondition } from './superQuery';

/** The row type of a list route (`result.records`, or the result array). */
export type RowOf<D> = RouteResult<D> extends PageResult<infer R> ? R : RouteResult<D> extends (infer A)[] ? A : never;

/** Options of {@link useListPage}. */
export interface UseListPageOptions<D extends RouteDef> {
  /** The list route (generic list of SPEC §7). */
  route: D;
  /** Permission prefix of the list (`user`): hides add / batch delete per SPEC §6. */
  permissionPrefix: string;
  /** Key of the remembered page size and of the saved queries (route or code). */
  sourceKey: string;
  /** Fixed query fields sent with every call (e.g. `logType`, `depId`). */
  defaultQuery?: Record<string, string>;
  deleteRoute?: RouteDef;
  deleteBatchRoute?: RouteDef;
  exportRoute?: RouteDef;
  /** Default sort; createTime desc. */
  defaultSort?: ListSort;
  /** Row id field, `id` by default. */
  rowKey?: string;
  /** False suspends fetching (e.g. until a department is chosen). */
  enabled?: boolean;
  /** Page size when none is remembered: 10 for lists, 5 for pickers (SPEC §9). */
  defaultPageSize?: number;
}

/** State and actions of a list page; render it with `<ListPage>`. */
export interface ListPageState<Row> {
  rows: Row[];
  total: number;
  loading: boolean;
  pageNo: number;
  pageSize: number;
  sort: ListSort;
  filters: Record<string, string>;
  superConditions: SuperCondition[];
  matchType: MatchType;
  /** True when advanced-query conditions apply (SPEC §4 active flag). */
  superActive: boolean;
  selectedKeys: string[];
  selectedRows: Row[];
  excluded: { add: boolean; batchDelete: boolean };
  sourceKey: string;
  permissionPrefix: string;
  rowKey: string;
  /** Everything the current list call sends (paging excluded). */
  listQuery: () => Record<string, string>;
  search: (filters: Record<string, string>) => void;
  applySuperQuery: (conditions: SuperCondition[], matchType: MatchType) => void;
  changePage: (pageNo: number, pageSize: number) => void;
  changeSort: (sort: ListSort | null) => void;
  select: (keys: string[], rows: Row[]) => void;
  clearSelection: () => void;
  reload: () => Promise<void>;
  confirmDelete: (id: string) => void;
  confirmBatchDelete: () => void;
  exportXls: (fileName: string) => Promise<void>;
  /** Applies the paging rule after `deleted` rows went away, then refetches. */
  afterDelete: (deleted: number) => void;
  exportRoute?: RouteDef;
}

function idOf(row: unknown, rowKey: string): string {
  return String((row as Record<string, unknown>)[rowKey] ?? '');
}

/**
 * The one list machinery of the console (ARCHITECTURE §7): paging with remembered page size,
 * default sort, query fields, advanced query, selection, delete with confirmation and page
 * recompute, export of the filters and selection. Data through TanStack Query.
 */
export function useListPage<D extends RouteDef>(options: UseListPageOptions<D>): ListPageState<RowOf<D>> {
  type Row = RowOf<D>;
  const { route, permissionPrefix, sourceKey, defaultQuery, enabled = true } = options;
  const rowKey = options.rowKey ?? 'id';
  const queryClient = useQueryClient();
  const auth = usePermissionStore((s) => s.auth);
  const allAuth = usePermissionStore((s) => s.allAuth);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(() =>
    rememberedPageSize(sourceKey, options.defaultPageSize ?? DEFAULT_PAGE_SIZE),
  );
  const [sort, setSort] = useState<ListSort>(options.defaultSort ?? DEFAULT_SORT);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [superConditions, setSuperConditions] = useState<SuperCondition[]>([]);
  const [matchType, setMatchType] = useState<MatchType>('and');
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [selectedRows, setSelectedRows] = useState<Row[]>([]);

  const superParams = useMemo(() => superQueryParams(superConditions, matchType), [superConditions, matchType]);
  const listQuery = useCallback(
    (): Record<string, string> => ({
      ...defaultQuery,
      ...filters,
      ...superParams,
      column: sort.column,
      order: sort.order,
    }),
    [defaultQuery, filters, superParams, sort],
  );
  const params = useMemo(
    () => ({ ...listQuery(), pageNo: String(pageNo), pageSize: String(pageSize) }),
    [listQuery, pageNo, pageSize],
  );

  const query = useQuery({
    queryKey: ['list', route.path, params],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<PageResult<Row>> => {
      const result: unknown = await callApi(route, { query: params as RouteQuery<D>, signal });
      if (Array.isArray(result)) {
        const records = result as Row[];
        return { records, total: records.length, size: records.length, current: 1, pages: 1 };
      }
      return result as PageResult<Row>;
    },
  });

  const total = query.data?.total ?? 0;
  const clearSelection = useCallback(() => {
    setSelectedKeys([]);
    setSelectedRows([]);
  }, []);
  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ['list', route.path] });
  }, [queryClient, route.path]);

  const afterDelete = useCallback(
    (deleted: number) => {
      setPageNo((current) => pageAfterDelete(total, pageSize, current, deleted));
      clearSelection();
      void reload();
    },
    [total, pageSize, clearSelection, reload],
  );

  const { deleteRoute, deleteBatchRoute, exportRoute } = options;
  const confirmDelete = useCallback(
    (id: string) => {
      if (!deleteRoute) throw new Error('deleteRoute must be set');
      feedback().modal.confirm({
        title: i18next.t('list:delete.title'),
        content: i18next.t('list:delete.confirm'),
        onOk: async () => {
          await callApi(deleteRoute, { query: { id } as RouteQuery<typeof deleteRoute> });
          feedback().message.success(i18next.t('list:delete.success'));
          afterDelete(1);
        },
      });
    },
    [deleteRoute, afterDelete],
  );
  const confirmBatchDelete = useCallback(() => {
    if (!deleteBatchRoute) throw new Error('deleteBatchRoute must be set');
    if (selectedKeys.length === 0) {
      feedback().message.warning(i18next.t('list:selectRecord'));
      return;
    }
    const ids = selectedKeys.join(',');
    feedback().modal.confirm({
      title: i18next.t('list:delete.title'),
      content: i18next.t('list:delete.confirmBatch', { count: selectedKeys.length }),
      onOk: async () => {
        await callApi(deleteBatchRoute, { query: { ids } as RouteQuery<typeof deleteBatchRoute> });
        feedback().message.success(i18next.t('list:delete.success'));
        afterDelete(selectedKeys.length);
      },
    });
  }, [deleteBatchRoute, selectedKeys, afterDelete]);

  const exportXls = useCallback(
    async (fileName: string) => {
      if (!exportRoute) throw new Error('exportRoute must be set');
      const q = listQuery();
      if (selectedKeys.length > 0) q.selections = selectedKeys.join(',');
      await downloadExport(exportRoute, q, fileName);
    },
    [exportRoute, listQuery, selectedKeys],
  );

  return {
    rows: query.data?.records ?? [],
    total,
    loading: query.isFetching,
    pageNo,
    pageSize,
    sort,
    filters,
    superConditions,
    matchType,
    superActive: Object.keys(superParams).length > 0,
    selectedKeys,
    selectedRows,
    excluded: excludedListButtons(permissionPrefix, auth, allAuth),
    sourceKey,
    permissionPrefix,
    rowKey,
    listQuery,
    search: (next) => {
      setFilters(next);
      setPageNo(1);
    },
    applySuperQuery: (conditions, match) => {
      setSuperConditions(conditions);
      setMatchType(match);
      setPageNo(1);
    },
    changePage: (nextPage, nextSize) => {
      if (nextSize !== pageSize) {
        rememberPageSize(sourceKey, nextSize);
        setPageSize(nextSize);
        setPageNo(1);
        return;
      }
      setPageNo(nextPage);
    },
    changeSort: (next) => setSort(next ?? options.defaultSort ?? DEFAULT_SORT),
    select: (keys, rows) => {
      setSelectedKeys(keys);
      setSelectedRows(rows);
    },
    clearSelection,
    reload,
    confirmDelete,
    confirmBatchDelete,
    exportXls,
    afterDelete,
    exportRoute,
  };
}

/** Id of a row by the list's row key. */
export function rowId<Row>(list: Pick<ListPageState<Row>, 'rowKey'>, row: Row): string {
  return idOf(row, list.rowKey);
}
