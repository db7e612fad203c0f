import type { ReactNode } from 'react';
import { Divider, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../permissions/usePermission';

/** One action of a row: shown when `permission` (if any) is held and `hidden` is not set. */
export interface RowAction {
  key: string;
  label: string;
  onClick: () => void;
  permission?: string;
  danger?: boolean;
  hidden?: boolean;
}

/**
 * The action cell of a list row: the first action as a link, the rest under "More" (SPEC §6
 * permission directive removes actions the user lacks).
 */
export function RowActions({ actions }: { actions: readonly RowAction[] }): ReactNode {
  const { t } = useTranslation('list');
  const { can } = usePermission();
  const shown = actions.filter((a) => !a.hidden && (!a.permission || can(a.permission)));
  if (shown.length === 0) return null;
  const [first, ...rest] = shown;
  return (
    // never wrapped: on a phone's auto-width table the column takes the room its links need (the
    // chevron of an English "More ▾" went to a second line in a squeezed cell)
    <Space size={0} split={<Divider orientation="vertical" />} style={{ whiteSpace: 'nowrap' }}>
      <a onClick={first.onClick} data-testid={`row-${first.key}`}>
        {first.label}
      </a>
      {rest.length > 0 && (
        <Dropdown
          menu={{ items: rest.map((a) => ({ key: a.key, label: a.label, danger: a.danger, onClick: a.onClick })) }}
        >
          <a data-testid="row-more">
            {t('actions.more')} <DownOutlined />
          </a>
        </Dropdown>
      )}
    </Space>
  );
}
