import { DictAdminRoutes, DictRoutes } from '@ztj/contracts';
import { callApi } from '../../../platform/http/callApi';
import { storeDictCache } from '../../../platform/session/sessionStore';

/**
 * Dictionary cache refresh (SPEC §7): the server refreshes its cache, then every dictionary's
 * items are fetched again into the 7-day client cache.
 */
export async function refreshDictCache(): Promise<void> {
  await callApi(DictAdminRoutes.refleshCache);
  const all = await callApi(DictRoutes.all);
  storeDictCache(all);
}
