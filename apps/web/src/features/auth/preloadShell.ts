import i18next from 'i18next';
import { SHELL_NAMESPACES } from '../../layouts/shellNamespaces';

let started = false;

/**
 * Starts loading what the router needs to show the basic layout — its chunk, the route builder
 * with the screen registry, the shell's translation namespaces — as soon as a sign-in succeeded,
 * while the user still reads the tenant or department dialog (after OK these
 * loads ran one after the other behind the menu request). Once per page; failures are left to
 * the router, which loads them again when it needs them.
 */
export function preloadShell(): void {
  if (started) return;
  started = true;
  const quiet = (): void => undefined;
  void import('../../layouts/BasicLayout').catch(quiet);
  void import('../../platform/router/buildRoutes').catch(quiet);
  void i18next.loadNamespaces([...SHELL_NAMESPACES]).catch(quiet);
}
