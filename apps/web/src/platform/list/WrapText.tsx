import type { ReactNode } from 'react';

/**
 * Text of a list cell that wraps within `max` px: the list tables size columns to their content,
 * so a long name would otherwise push the actions out of a 375 px screen.
 */
export function WrapText({ children, max = 150 }: { children: ReactNode; max?: number }): ReactNode {
  return (
    <span style={{ display: 'inline-block', maxWidth: max, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      {children}
    </span>
  );
}
