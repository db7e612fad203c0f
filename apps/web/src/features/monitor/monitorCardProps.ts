import type { TFunction } from 'i18next';
import type { MonitorSnapshot } from '@ztj/contracts';

/** What every card of the monitoring page gets: the snapshot, the language, the `monitor` texts. */
export interface CardProps {
  s: MonitorSnapshot;
  lang: string;
  t: TFunction<'monitor'>;
}
