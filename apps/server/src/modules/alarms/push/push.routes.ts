import { PUSH_CHANNELS, PushRoutes as R } from '@ztj/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../platform/http/register-route';
import { listPage } from '../../../platform/list/list-runner';
import { callerOf } from '../../../platform/list/list-spec';
import type { ModuleDeps, PushRouteDeps } from '../../module-deps';
import { readPushConfig } from '../../../platform/notify/push-config';
import { PUSH_EXPORT, PUSH_LIST, toExportRow } from './push.list';
import { registerExportRoute } from '../../../platform/exports/export-route';
import { listExporter } from '../../../platform/exports/export-registry';

/**
 * Channels configured by this server's environment, when the app did not hand over its dispatcher
 * (`deps.push`): the settings `readPushConfig(env)` finds (createChannels builds exactly those); a bad configuration
 * stops the server at start-up elsewhere, here it reads as nothing configured.
 */
function fromEnvironment(): PushRouteDeps {
  let codes: Set<string>;
  try {
    const cfg = readPushConfig(process.env);
    codes = new Set(PUSH_CHANNELS.filter((c) => cfg[c] !== undefined));
  } catch {
    codes = new Set();
  }
  return { configuredChannels: () => PUSH_CHANNELS.map((channel) => ({ channel, configured: codes.has(channel) })) };
}

/**
 * Push list, export and channel status (PushRoutes of contracts; SPEC §2 push list,
 * §7 push list/export). Tenant-scoped through the list machinery; addresses masked. `deps.push` (the
 * app's PushDispatcher, optional) answers which channels are configured.
 */
export function pushRoutes(api: FastifyInstance, deps: ModuleDeps & { push?: PushRouteDeps }): void {
  const { db } = deps;
  let push = deps.push;
  registerRoute(api, db, R.list, ({ auth, query }) => listPage(db, PUSH_LIST, query, callerOf(auth, R.list.access)));
  registerExportRoute(
    api,
    db,
    R.exportXls,
    listExporter({
      key: R.exportXls.path,
      list: PUSH_LIST,
      xls: PUSH_EXPORT,
      map: (rows) => rows.map(toExportRow),
      permission: R.list.access,
      title: { 'zh-CN': '推送记录', 'en-US': 'Push records' },
      fileBase: { 'zh-CN': '推送记录', 'en-US': 'push-records' },
    }),
  );
  registerRoute(api, db, R.channels, async () => {
    push ??= fromEnvironment();
    return push.configuredChannels();
  });
}
