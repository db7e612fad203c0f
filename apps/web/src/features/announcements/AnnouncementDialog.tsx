import { useCallback, useState, type ReactNode } from 'react';
import { Button, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AnnouncementRoutes, type MyAnnouncement } from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';
import { formatDateTime } from '../../platform/list/listQuery';
import { announcementKeys, reloadAnnouncements } from './api';
import { AnnouncementContent } from './AnnouncementContent';
import { PriorityTag } from './PriorityTag';

type Opened = Pick<MyAnnouncement, 'id' | 'readFlag' | 'openType' | 'openPage' | 'busId'>;

/** The console route of a component announcement: `openPage` with `:id` or `?busId=` filled from busId. */
export function componentPath(openPage: string, busId: string | null): string {
  if (!busId) return openPage;
  if (openPage.includes(':id')) return openPage.replace(':id', encodeURIComponent(busId));
  return `${openPage}${openPage.includes('?') ? '&' : '?'}busId=${encodeURIComponent(busId)}`;
}

/** Follows an announcement's URL: a console path in the console, an http(s) URL in a new tab. */
function goHandle(url: string, navigate: (to: string) => unknown): void {
  if (url.startsWith('/')) void navigate(url);
  else if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
}

/** The notice modal (SPEC §2): title, sender, send time, HTML content, go-handle button for url. */
function NoticeModal({ id, onClose }: { id: string; onClose: () => void }): ReactNode {
  const { t } = useTranslation('announcements');
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: announcementKeys.one(id),
    queryFn: () => callApi(AnnouncementRoutes.readOne, { query: { anntId: id } }),
  });
  const a = q.data;
  const url = a?.openType === 'url' ? a.openPage : null;
  return (
    <Modal
      open
      title={
        a ? (
          <Space wrap>
            <PriorityTag priority={a.priority} />
            {a.titile}
          </Space>
        ) : (
          t('title')
        )
      }
      onCancel={onClose}
      width={800}
      modalRender={(node) => <div data-testid="announcement-dialog">{node}</div>}
      footer={[
        url && (
          <Button
            key="go"
            type="primary"
            onClick={() => {
              onClose();
              goHandle(url, navigate);
            }}
            data-testid="announcement-go"
          >
            {t('goHandle')}
          </Button>
        ),
        <Button key="close" onClick={onClose} data-testid="announcement-close">
          {t('close')}
        </Button>,
      ]}
    >
      {!a ? (
        <Spin style={{ display: 'block', margin: 24 }} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('sender')}: {a.sender ?? '-'} · {t('sendTime')}: {formatDateTime(a.sendTime)}
            {a.msgCategory === '2' ? <Tag style={{ marginLeft: 8 }}>{t('category.2')}</Tag> : null}
          </Typography.Paragraph>
          {a.msgAbstract && <Typography.Paragraph italic>{a.msgAbstract}</Typography.Paragraph>}
          <AnnouncementContent html={a.msgContent ?? ''} />
        </>
      )}
    </Modal>
  );
}

/**
 * Opening a received announcement (SPEC §4): marks it read (call with anntId), reloads the bell
 * and lists, then shows the component page named by openPage (busId) or the notice modal.
 * @returns `open(item)` and the modal element to render.
 */
export function useOpenAnnouncement(): { open: (a: Opened) => void; dialog: ReactNode } {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [shown, setShown] = useState<string | null>(null);
  const open = useCallback(
    (a: Opened) => {
      const read = a.readFlag
        ? Promise.resolve(null)
        : callApi(AnnouncementRoutes.markRead, { body: { anntId: a.id } });
      void read.then(() => reloadAnnouncements(client)).catch(() => undefined);
      if (a.openType === 'component' && a.openPage) void navigate(componentPath(a.openPage, a.busId));
      else setShown(a.id);
    },
    [client, navigate],
  );
  return { open, dialog: shown ? <NoticeModal id={shown} onClose={() => setShown(null)} /> : null };
}
