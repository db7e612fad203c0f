/** What starts loading the console shell; the app's router registers it, the login page calls it. */
let preloader: () => void = () => undefined;
let started = false;

/**
 * Registers how the console shell is preloaded: the app's router gives the same loads it runs
 * before it shows the basic layout (the shell's chunk and translations, the menu route builder
 * with the screen registry). Platform code knows no layout or screen, so it is handed in.
 */
export function setShellPreloader(load: () => void): void {
  preloader = load;
}

/**
 * Starts loading what the router needs to show the basic layout as soon as a sign-in succeeded,
 * while the user still reads the tenant or department dialog (after OK these loads ran one after
 * the other behind the menu request). Once per page; failures are left to the router, which loads
 * them again when it needs them.
 */
export function preloadShell(): void {
  if (started) return;
  started = true;
  preloader();
}
