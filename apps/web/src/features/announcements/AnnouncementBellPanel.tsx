import type { ReactNode } from 'react';
import { Button, Empty, Space, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ListByUserResult, MyAnnouncement } from '@ztj/contracts';
import { formatDateTime } from '../../platform/list/listQuery';
import { readAll } from './api';
import { PriorityTag } from './PriorityTag';
import styles from './announcements.module.css';

function Item({ a, onOpen }: { a: MyAnnouncement; onOpen: (a: MyAnnouncement) => void }): ReactNode {
  return (
    <div className={styles.item} role="button" tabIndex={0} onClick={() => onOpen(a)} data-testid={`bell-annt-${a.id}`}>
      <PriorityTag priority={a.priority} />
      <Typography.Text strong>{a.titile}</Typography.Text>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(a.sendTime ?? a.createTime)}
        </Typography.Text>
      </div>
    </div>
  );
}

/**
 * Announcements part of the notice bell (SPEC §2 notice bell): the caller's unread notices and
 * system messages with priority, title and time; a click opens one; "mark all read"; "view all"
 * goes to the account's message page.
 */
export function AnnouncementBellPanel({
  data,
  loading,
  error,
  onOpen,
  onViewAll,
}: {
  data: ListByUserResult | undefined;
  loading: boolean;
  error: boolean;
  onOpen: (a: MyAnnouncement) => void;
  onViewAll: () => void;
}): ReactNode {
  const { t } = useTranslation('announcements');
  const client = useQueryClient();
  const items = [...(data?.anntMsgList ?? []), ...(data?.sysMsgList ?? [])];
  return (
    <div className={styles.panel} data-testid="announcement-bell-panel">
      {loading ? (
        <Spin style={{ display: 'block', margin: 16 }} />
      ) : error ? (
        <Typography.Text type="danger">{t('bell.error')}</Typography.Text>
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />
      ) : (
        items.map((a) => <Item key={a.id} a={a} onOpen={onOpen} />)
      )}
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Button
          type="link"
          onClick={() => void readAll(client)}
          disabled={items.length === 0}
          data-testid="bell-read-all"
        >
          {t('readAll')}
        </Button>
        <Button type="link" onClick={onViewAll} data-testid="bell-view-all">
          {t('bell.viewAll')}
        </Button>
      </Space>
    </div>
  );
}
