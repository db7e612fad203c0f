/**
 * Translation namespaces the basic layout renders with (header, tabs, user menu, settings drawer)
 * beyond the bundled `common` and `auth`. The router loads them together with the layout's chunk
 * before it shows the shell, so the shell's first render does not suspend on them.
 */
export const SHELL_NAMESPACES: readonly string[] = ['layout', 'settings'];
