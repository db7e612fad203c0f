import type { ReactNode } from 'react';
import styles from './FullScreenSpin.module.css';

/** Page-sized loading indicator (plain CSS: no antd Spin in the entry bundle). */
export function FullScreenSpin(): ReactNode {
  return (
    <div className={styles.screen} role="status" aria-busy="true">
      <span className={styles.dot} />
    </div>
  );
}
