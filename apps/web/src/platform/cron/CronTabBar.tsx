import type { ReactNode } from 'react';
import { theme } from 'antd';

/**
 * A tab bar that wraps instead of scrolling (the cron builder on phones, SPEC §4): every tab stays
 * on screen, none goes into an overflow menu. Same roles as antd's tabs (`tablist` / `tab` with
 * `aria-selected`), the active tab underlined in the primary colour.
 */
export function CronTabBar({
  items,
  activeKey,
  onChange,
}: {
  items: { key: string; label: ReactNode }[];
  activeKey: string;
  onChange: (key: string) => void;
}): ReactNode {
  const { token } = theme.useToken();
  return (
    <div
      role="tablist"
      data-testid="cron-tabbar"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 20,
        rowGap: 2,
        marginBottom: 12,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {items.map((item) => {
        const active = item.key === activeKey;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            aria-selected={active}
            onClick={() => onChange(item.key)}
            style={{
              background: 'none',
              border: 0,
              borderBottom: `2px solid ${active ? token.colorPrimary : 'transparent'}`,
              marginBottom: -1,
              padding: '8px 2px',
              color: active ? token.colorPrimary : token.colorText,
              font: 'inherit',
              fontSize: token.fontSize,
              cursor: 'pointer',
              minHeight: 36,
            }}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
