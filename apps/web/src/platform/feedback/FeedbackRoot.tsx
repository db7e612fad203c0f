import type { ReactNode } from 'react';
import { AntdRoot } from '../antd/AntdRoot';
import { FeedbackHost } from './FeedbackHost';

/** The feedback host in antd's theme and locale; loaded by `App` on the first message (see `feedback()`). */
export function FeedbackRoot(): ReactNode {
  return (
    <AntdRoot>
      <FeedbackHost />
    </AntdRoot>
  );
}
