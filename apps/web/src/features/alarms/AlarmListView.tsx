import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Empty } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { AlarmRecord, RouteDef } from '@ztj/contracts';
import { toLanguage } from '../../platform/i18n/i18n';
import { ListPage } from '../../platform/list/ListPage';
import { ListErrorAlert } from '../../platform/list/ListErrorAlert';
import { useResponsive } from '../../platform/responsive/useResponsive';
import { useAlarm } from './api';
import { AlarmViewDrawer } from './AlarmViewDrawer';
import { alarmColumns } from './alarmColumns';
import { toAlarmWireQuery } from './alarmQuery';
import { alarmQueryFields } from './alarmQueryFields';
import { CommentDrawer } from './CommentDrawer';
import { ProcessDrawer } from './ProcessDrawer';
import { useLiveAlarmList } from './useLiveAlarmList';
import styles from './alarms.module.css';

/** Props of {@link AlarmListView}. */
export interface AlarmListViewProps {
  route: RouteDef;
  /** Remembered page size and saved queries. */
  sourceKey: string;
  testId: string;
  /** Export route (toolbar export with `alarm:export`); none for embedded lists. */
  exportRoute?: RouteDef;
  /** Fixed query (the device tab's `deviceId`). */
  defaultQuery?: Record<string, string>;
  /** Gateway alarm list: gateway filter, only relayed devices' notices. */
  gateway?: boolean;
  /** Embedded in the device detail: no device column or filter. */
  withoutDevice?: boolean;
  /** Which live notices this list takes. */
  accept?: (alarm: AlarmRecord) => boolean;
  /** An alarm to show in the view drawer on opening (the `alarmId` of a push message's link). */
  openAlarmId?: string | null;
}

function acceptGateway(alarm: AlarmRecord): boolean {
  return alarm.gatewayId !== null;
}

/**
 * An alarm table on the list machinery with its filters, live notices (new alarms on top,
 * highlighted; cleared / processed rows updated) and the process, comment and view drawers.
 * Used by the alarm list, the gateway alarm list and the device detail's alarms tab.
 */
export function AlarmListView(props: AlarmListViewProps): ReactNode {
  const { route, sourceKey, testId, exportRoute, defaultQuery, gateway, withoutDevice } = props;
  const { t, i18n } = useTranslation('alarms');
  const lang = toLanguage(i18n.language);
  const { isMobile } = useResponsive();
  const accept = props.accept ?? (gateway ? acceptGateway : undefined);
  const { list, fresh, patch } = useLiveAlarmList(
    {
      route,
      permissionPrefix: 'alarm',
      sourceKey,
      exportRoute,
      defaultQuery,
      defaultSort: { column: 'startTs', order: 'desc' },
    },
    accept,
  );
  const [processing, setProcessing] = useState<AlarmRecord | null>(null);
  const [commenting, setCommenting] = useState<AlarmRecord | null>(null);
  const [viewing, setViewing] = useState<AlarmRecord | null>(null);
  // a push message's link opens its alarm once it is loaded (not found: the list alone)
  const linked = useAlarm(props.openAlarmId ?? null);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!linked.data || opened.current === linked.data.id) return;
    opened.current = linked.data.id;
    setViewing(linked.data);
  }, [linked.data]);
  const [now, setNow] = useState(() => Date.now());
  // durations of active alarms run up to now: refreshed every 15 s and whenever rows change
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => setNow(Date.now()), [list.rows]);

  const cache = useQueryClient().getQueryCache();
  const error =
    cache.findAll({ queryKey: ['list', route.path], type: 'active' }).find((q) => q.state.status === 'error')?.state
      .error ?? null;

  const columns = useMemo(
    () =>
      alarmColumns(
        t,
        lang,
        { process: setProcessing, comments: setCommenting, view: setViewing },
        { now, withoutDevice, phone: isMobile },
      ),
    [t, lang, now, withoutDevice, isMobile],
  );
  const queryFields = useMemo(
    () => alarmQueryFields(t, lang, { gateway, withoutDevice }),
    [t, lang, gateway, withoutDevice],
  );
  const shown = useMemo(
    () => ({ ...list, search: (q: Record<string, string>) => list.search(toAlarmWireQuery(q)) }),
    [list],
  );

  return (
    <>
      <ListErrorAlert
        error={error}
        title={t('list.error')}
        retryText={t('retry')}
        onRetry={() => void list.reload()}
        testId={`${testId}-error`}
      />
      <ListPage<AlarmRecord>
        testId={testId}
        list={shown}
        queryFields={queryFields}
        columns={columns}
        selectable={exportRoute !== undefined}
        exportName={exportRoute ? `${t('list.exportFile')}_${dayjs().format('YYYYMMDDHHmmss')}` : undefined}
        tableProps={{
          rowClassName: (row) => (fresh.has(row.id) ? styles.fresh : ''),
          locale: { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> },
        }}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void list.reload()}>
            {t('list.refresh')}
          </Button>
        }
      />
      <ProcessDrawer alarm={processing} onClose={() => setProcessing(null)} onProcessed={patch} />
      <CommentDrawer alarm={commenting} onClose={() => setCommenting(null)} />
      <AlarmViewDrawer alarm={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
