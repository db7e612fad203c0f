import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Badge, Button, Empty, Popover, Spin, Tabs, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ResultCode, type AlarmRecord, type WsAlarmMessage } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { isApiError } from '../../platform/http/ApiError';
import { toLanguage } from '../../platform/i18n/i18n';
import { useResponsive } from '../../platform/responsive/useResponsive';
import { useAlarmSocket } from '../../platform/websocket/alarmSocket';
import { alarmKeys, useOpenAlarms } from './api';
import { applyNotice, createToastGate, type NoticeState } from './alarmMerge';
import { alarmTypeName, formatAlarmTime, severityMeta, type AlarmT } from './alarmText';
import styles from './alarms.module.css';
import { useAnnouncementBell } from '../announcements/api';
import { AnnouncementBellPanel } from '../announcements/AnnouncementBellPanel';
import { useOpenAnnouncement } from '../announcements/AnnouncementDialog';

/** Newest open alarms listed in the popover. */
const NEWEST = 5;
/** The refetch after live notices (several share one), ms. */
const SETTLE_MS = 1000;
const TOAST_KIND = { L: 'info', M: 'warning', H: 'error' } as const;

function NoticeItem({
  alarm,
  t,
  lang,
  onOpen,
}: {
  alarm: AlarmRecord;
  t: AlarmT;
  lang: ReturnType<typeof toLanguage>;
  onOpen: () => void;
}): ReactNode {
  const meta = severityMeta(alarm.severity);
  return (
    <div className={styles.bellItem} onClick={onOpen} role="button" tabIndex={0} data-testid={`notice-${alarm.id}`}>
      <Tag color={meta.colour}>{t(`severity.${meta.key}`)}</Tag>
      <Typography.Text strong>{alarm.deviceName || alarm.deviceId}</Typography.Text>
      <div>
        <Typography.Text>{alarmTypeName(alarm.alarmType, lang, t)}</Typography.Text>
        <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
          {formatAlarmTime(alarm.startTs)}
        </Typography.Text>
      </div>
    </div>
  );
}

/**
 * Notice bell of the top bar: a badge with the number of active unprocessed
 * alarms (`commonAlarmList` total), a popover with the newest five (severity colour, device, type,
 * time) and "view all" → /alarm/list; follows the live alarm notices of the console socket (the
 * server sends them only to users with the `alarmMessage` preference) and shows a toast per raised
 * alarm, at most one per second. The announcements share it: their unread count adds
 * to the badge and they have their own tab (shown first while unread ones wait); users the server
 * refuses the alarm list see only that tab.
 */
export function NoticeBell({ style }: { style: CSSProperties }): ReactNode {
  const { t, i18n, ready } = useTranslation('alarms', { useSuspense: false });
  const lang = toLanguage(i18n.language);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const { isMobile } = useResponsive();
  const query = useOpenAlarms(NEWEST);
  const [messages, setMessages] = useState<WsAlarmMessage[]>([]);
  const gate = useRef(createToastGate(1000));
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => setMessages((m) => (m.length === 0 ? m : [])), [query.data]);
  useEffect(() => () => clearTimeout(settle.current), []);
  // another screen opened (from the popover or the menu): the popover closes
  useEffect(() => setOpen(false), [pathname]);

  const onMessage = useCallback(
    (message: WsAlarmMessage) => {
      setMessages((m) => [...m, message]);
      clearTimeout(settle.current);
      settle.current = setTimeout(() => void client.invalidateQueries({ queryKey: alarmKeys.notices }), SETTLE_MS);
      if (message.event !== 'raised' || !gate.current(Date.now())) return;
      const { alarm } = message;
      const meta = severityMeta(alarm.severity);
      feedback().notification[TOAST_KIND[alarm.severity]]({
        message: t('notice.toastTitle', {
          severity: t(`severity.${meta.key}`),
          device: alarm.deviceName || alarm.deviceId,
        }),
        // the server's notice line (one builder for every channel): parameter, value, limit, time with zone
        description:
          message.notice?.[lang] ?? `${alarmTypeName(alarm.alarmType, lang, t)} · ${formatAlarmTime(alarm.startTs)}`,
        placement: 'bottomRight',
      });
    },
    [client, t, lang],
  );
  useAlarmSocket(onMessage);
  // announcements share the bell: their own tab and unread count
  const annt = useAnnouncementBell();
  const opener = useOpenAnnouncement();
  const { t: ta, ready: anntReady } = useTranslation('announcements', { useSuspense: false });
  const [tab, setTab] = useState<'annt' | 'alarms'>('alarms');

  const state = useMemo<NoticeState>(
    () =>
      messages.reduce((s, m) => applyNotice(s, m, NEWEST), {
        total: query.data?.total ?? 0,
        newest: query.data?.records ?? [],
      } as NoticeState),
    [messages, query.data],
  );

  const refused =
    query.isError &&
    isApiError(query.error) &&
    (query.error.code === ResultCode.NO_PERMISSION || query.error.status === 403);
  if (!ready || !anntReady) return null;

  const goList = (): void => {
    setOpen(false);
    void navigate('/alarm/list');
  };
  const alarmContent = (
    <div className={styles.bellList}>
      {query.isLoading ? (
        <Spin style={{ display: 'block', margin: 16 }} />
      ) : query.isError ? (
        <Typography.Text type="danger">{t('notice.error')}</Typography.Text>
      ) : state.newest.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} />
      ) : (
        state.newest.map((a) => <NoticeItem key={a.id} alarm={a} t={t} lang={lang} onOpen={goList} />)
      )}
      <Button type="link" block onClick={goList} data-testid="notice-view-all">
        {t('notice.viewAll')}
      </Button>
    </div>
  );
  const anntContent = (
    <AnnouncementBellPanel
      data={annt.data}
      loading={annt.isLoading}
      error={annt.isError}
      onOpen={(a) => {
        setOpen(false);
        opener.open(a);
      }}
      onViewAll={() => {
        setOpen(false);
        void navigate('/account/announcement');
      }}
    />
  );
  const activeTab = refused ? 'annt' : tab;
  const content = (
    <div data-testid="notice-popover">
      <Tabs
        size="small"
        activeKey={activeTab}
        onChange={(k) => setTab(k as 'annt' | 'alarms')}
        items={[
          { key: 'annt', label: `${ta('bell.tab')}${annt.unread ? ` (${annt.unread})` : ''}`, children: anntContent },
          ...(refused ? [] : [{ key: 'alarms', label: t('notice.title'), children: alarmContent }]),
        ]}
      />
    </div>
  );
  const onOpenChange = (next: boolean): void => {
    // the announcements tab first when unread ones wait, otherwise the alarms
    if (next) setTab(annt.unread > 0 ? 'annt' : 'alarms');
    setOpen(next);
  };

  return (
    <>
      {opener.dialog}
      <Popover
        open={open}
        onOpenChange={onOpenChange}
        trigger="click"
        placement={isMobile ? 'bottom' : 'bottomRight'}
        content={content}
      >
        <span role="button" tabIndex={0} style={style} title={ta('bell.title')} data-testid="notice-bell">
          <Badge
            count={(refused ? 0 : state.total) + annt.unread}
            size="small"
            overflowCount={99}
            data-testid="notice-count"
          >
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </span>
      </Popover>
    </>
  );
}
