import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRIORITY_COLOURS, type AnnouncementPriority } from '@ztj/contracts';

/** Priority of an announcement in its SPEC §3 colour: L general blue, M important orange, H urgent red. */
export function PriorityTag({ priority }: { priority: AnnouncementPriority }): ReactNode {
  const { t } = useTranslation('announcements');
  return (
    <Tag color={PRIORITY_COLOURS[priority]} data-testid={`priority-${priority}`}>
      {t(`priority.${priority}`)}
    </Tag>
  );
}
