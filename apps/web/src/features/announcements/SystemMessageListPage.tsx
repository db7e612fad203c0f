import type { ReactNode } from 'react';
import { Badge, Button, Tooltip, Typography } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnnouncementRoutes, type MyAnnouncement } from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';
import { formatDateTime } from '../../platform/list/listQuery';
import { ListPage } from '../../platform/list/ListPage';
import { useListPage } from '../../platform/list/useListPage';
import { readAll, reloadAnnouncements } from './api';
import { useOpenAnnouncement } from './AnnouncementDialog';
import { PriorityTag } from './PriorityTag';

/**
 * The caller's received announcements (modules → system messages `modules/SystemMessageList`,
 * account → announcement `account/Announcement`): read state, search by title / category /
 * priority / read / star, star toggle, open (marks read, dialog or component page), mark all read.
 */
export function SystemMessageListPage({ sourceKey = '/modules/message' }: { sourceKey?: string }): ReactNode {
  const { t } = useTranslation(['announcements', 'list']);
  const client = useQueryClient();
  const list = useListPage({
    route: AnnouncementRoutes.mine,
    permissionPrefix: 'announcementSend',
    sourceKey,
    defaultSort: { column: 'sendTime', order: 'desc' },
  });
  const opener = useOpenAnnouncement();
  const star = async (row: MyAnnouncement): Promise<void> => {
    await callApi(AnnouncementRoutes.star, { body: { anntId: row.id, starFlag: !row.starFlag } });
    await reloadAnnouncements(client);
  };
  const yesNo = [
    { value: 'false', label: t('unread') },
    { value: 'true', label: t('read') },
  ];
  return (
    <>
      <ListPage<MyAnnouncement>
        testId="message-list"
        list={list}
        selectable={false}
        extra={
          <Button onClick={() => void readAll(client)} data-testid="messages-read-all">
            {t('readAll')}
          </Button>
        }
        queryFields={[
          { name: 'titile', label: t('titile'), kind: 'text' },
          {
            name: 'msgCategory',
            label: t('categoryLabel'),
            kind: 'select',
            options: ['1', '2'].map((v) => ({ value: v, label: t(`category.${v}`) })),
          },
          {
            name: 'priority',
            label: t('priorityLabel'),
            kind: 'select',
            options: ['L', 'M', 'H'].map((v) => ({ value: v, label: t(`priority.${v}`) })),
          },
          { name: 'readFlag', label: t('readState'), kind: 'select', options: yesNo },
          {
            name: 'starFlag',
            label: t('starred'),
            kind: 'select',
            options: [
              { value: 'true', label: t('starred') },
              { value: 'false', label: t('notStarred') },
            ],
          },
        ]}
        columns={[
          {
            title: '',
            key: 'star',
            width: 48,
            render: (_v, row) => (
              <Tooltip title={row.starFlag ? t('unstar') : t('star')}>
                <Button
                  type="text"
                  size="small"
                  aria-label={row.starFlag ? t('unstar') : t('star')}
                  icon={row.starFlag ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                  onClick={() => void star(row)}
                  data-testid={`star-${row.id}`}
                />
              </Tooltip>
            ),
          },
          {
            title: t('titile'),
            dataIndex: 'titile',
            sorter: true,
            render: (v: string, row) => (
              <Typography.Link
                onClick={() => opener.open(row)}
                strong={!row.readFlag}
                data-testid={`message-${row.id}`}
              >
                {v}
              </Typography.Link>
            ),
          },
          {
            title: t('priorityLabel'),
            dataIndex: 'priority',
            width: 90,
            render: (v: MyAnnouncement['priority']) => <PriorityTag priority={v} />,
          },
          {
            title: t('categoryLabel'),
            dataIndex: 'msgCategory',
            width: 110,
            render: (v: string) => t(`category.${v}`),
          },
          { title: t('sender'), dataIndex: 'sender', width: 110 },
          {
            title: t('sendTime'),
            dataIndex: 'sendTime',
            sorter: true,
            width: 170,
            render: (v: string | null) => formatDateTime(v),
          },
          {
            title: t('readState'),
            dataIndex: 'readFlag',
            width: 90,
            render: (v: boolean) => (
              <Badge
                status={v ? 'default' : 'processing'}
                text={v ? t('read') : t('unread')}
                data-testid="read-state"
              />
            ),
          },
        ]}
      />
      {opener.dialog}
    </>
  );
}

/** Account → announcement (`account/Announcement`): the same list of the caller's messages. */
export function AccountAnnouncementPage(): ReactNode {
  return <SystemMessageListPage sourceKey="/account/announcement" />;
}

/** Modules → system messages (`modules/SystemMessageList`). */
export function ModulesMessagePage(): ReactNode {
  return <SystemMessageListPage />;
}
