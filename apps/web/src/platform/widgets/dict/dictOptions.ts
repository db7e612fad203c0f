import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DictRoutes, type DictMap, type DictOption } from '@ztj/contracts';
import { callApi } from '../../http/callApi';
import { readStored } from '../../storage/localStore';
import { STORAGE_KEYS } from '../../storage/storageKeys';

/** An option of a dictionary widget: the item value and its text in the current language. */
export interface DictChoice {
  value: string;
  label: string;
}

/** The text of a dictionary item in `language` (English text when the language is English and one exists). */
export function dictLabel(option: Pick<DictOption, 'text' | 'textEn'>, language: string): string {
  return language.startsWith('en') && option.textEn ? option.textEn : option.text;
}

/** Items of `code` from the 7-day dictionary cache (SPEC §7), or null when the cache lacks it. */
export function cachedDictItems(code: string): DictOption[] | null {
  const all = readStored<DictMap | null>(STORAGE_KEYS.dictCache, null);
  return all?.[code] ?? null;
}

/**
 * Options of the dictionary `code` (SPEC §2 dictionary widgets): the cached items when the
 * session holds them, else `GET /sys/dict/getDictItems/{code}`. An empty code loads nothing.
 */
export function useDictOptions(code: string | undefined): { options: DictChoice[]; loading: boolean } {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['dict-items', code],
    enabled: Boolean(code),
    staleTime: 5 * 60_000,
    queryFn: async () =>
      cachedDictItems(code as string) ?? (await callApi(DictRoutes.items, { params: { code: code as string } })),
  });
  const options = (query.data ?? []).map((o) => ({ value: o.value, label: dictLabel(o, i18n.language) }));
  return { options, loading: query.isLoading };
}

/**
 * Server search of the search-select (SPEC §7 `loadDict/{code}`): at most `pageSize` options of
 * `code` whose text or value contains `keyword`; used for table dictionaries ("table,text,code"),
 * which are too large to hold in the browser. An absent code searches nothing.
 */
export function useDictSearch(
  code: string | undefined,
  keyword: string,
  pageSize: number,
): { options: DictChoice[]; loading: boolean } {
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['dict-search', code, keyword, pageSize],
    enabled: Boolean(code),
    staleTime: 30_000,
    queryFn: () => callApi(DictRoutes.search, { params: { code: code as string }, query: { keyword, pageSize } }),
  });
  const options = (query.data ?? []).map((o) => ({ value: o.value, label: dictLabel(o, i18n.language) }));
  return { options, loading: query.isFetching };
}
