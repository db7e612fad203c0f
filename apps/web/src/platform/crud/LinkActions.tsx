import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { Authorized } from '../permissions/Authorized';

/** One link button of a row: shown when `permission` (if any) is held and `hidden` is not set. */
export interface LinkAction {
  key: string;
  label: string;
  onClick: () => void;
  permission?: string;
  danger?: boolean;
  hidden?: boolean;
  testId?: string;
}

/**
 * The action cell of a short list (two or three actions): every action a small link button
 * side by side, each behind its permission (SPEC §6 permission directive).
 */
export function LinkActions({ actions }: { actions: readonly LinkAction[] }): ReactNode {
  return (
    <Space size={0} wrap>
      {actions.map((a) => {
        if (a.hidden) return null;
        const button = (
          <Button key={a.key} type="link" size="small" danger={a.danger} onClick={a.onClick} data-testid={a.testId}>
            {a.label}
          </Button>
        );
        return a.permission ? (
          <Authorized key={a.key} action={a.permission}>
            {button}
          </Authorized>
        ) : (
          button
        );
      })}
    </Space>
  );
}
