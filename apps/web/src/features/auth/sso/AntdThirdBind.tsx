import type { ComponentProps, ReactNode } from 'react';
import { AntdRoot } from '../../../platform/antd/AntdRoot';
import { ThirdBindModal } from './ThirdBindModal';

/** The bind dialog of a third-party identity in antd's theme (the login page itself has no antd). */
export function AntdThirdBind(props: ComponentProps<typeof ThirdBindModal>): ReactNode {
  return (
    <AntdRoot>
      <ThirdBindModal {...props} />
    </AntdRoot>
  );
}
