import type { ComponentProps, ReactNode } from 'react';
import { AntdRoot } from '../../platform/antd/AntdRoot';
import { DepartmentSwitchModal } from './DepartmentSwitchModal';
import { PhoneLoginForm } from './PhoneLoginForm';
import { TenantChoiceModal } from './TenantChoiceModal';

/**
 * The antd parts of the login page, each in antd's theme and locale, in one chunk the page loads
 * when it first shows one of them (the page itself renders without antd).
 */
export function TenantChoice(props: ComponentProps<typeof TenantChoiceModal>): ReactNode {
  return (
    <AntdRoot>
      <TenantChoiceModal {...props} />
    </AntdRoot>
  );
}

/** The department choice after sign-in, in antd's theme. */
export function DepartmentChoice(props: ComponentProps<typeof DepartmentSwitchModal>): ReactNode {
  return (
    <AntdRoot>
      <DepartmentSwitchModal {...props} />
    </AntdRoot>
  );
}

/** The phone tab's form (SMS code sign-in), in antd's theme. */
export function PhoneLogin(props: ComponentProps<typeof PhoneLoginForm>): ReactNode {
  return (
    <AntdRoot>
      <PhoneLoginForm {...props} />
    </AntdRoot>
  );
}
