import type { TFunction } from 'i18next';
import type { SceneActions } from '@ztj/contracts';

/**
 * A scene's actions in words for the list (e.g. "Raise alarm · Push (users, 2 groups, robots) ·
 * Command"), texts of the `alarmSettings` namespace.
 */
export function actionsSummary(a: SceneActions, t: TFunction): string {
  const ns = { ns: 'alarmSettings' };
  const parts: string[] = [];
  if (a.raise) parts.push(t('scenes.summary.raise', ns));
  if (a.push) {
    const who: string[] = [];
    if (a.push.users) who.push(t('scenes.summary.users', ns));
    if (a.push.notify.groupIds.length > 0)
      who.push(t('scenes.summary.groups', { ...ns, count: a.push.notify.groupIds.length }));
    if (a.push.notify.robots) who.push(t('scenes.summary.robots', ns));
    parts.push(
      who.length > 0 ? t('scenes.summary.pushTo', { ...ns, who: who.join(', ') }) : t('scenes.summary.push', ns),
    );
  }
  if (a.command) parts.push(t('scenes.summary.command', { ...ns, count: Object.keys(a.command.periods).length }));
  return parts.join(' · ');
}
