import type { ReactNode } from 'react';
import { Alert, Divider, Drawer, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmRecord } from '@ztj/contracts';
import { useResponsive } from '../../platform/responsive/useResponsive';
import { AlarmSummary } from './AlarmSummary';
import { useAlarm } from './api';
import { ProcessHistory } from './ProcessHistory';

/** View drawer: the alarm as the server has it now (`queryById`) and its process records. */
export function AlarmViewDrawer({ alarm, onClose }: { alarm: AlarmRecord | null; onClose: () => void }): ReactNode {
  const { t } = useTranslation('alarms');
  const { isMobile } = useResponsive();
  const view = useAlarm(alarm?.id ?? null);
  const shown = view.data ?? alarm;
  return (
    <Drawer
      open={alarm !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 640}
      title={t('view.title')}
      destroyOnHidden
      data-testid="alarm-view-drawer"
    >
      {view.isLoading && !shown ? <Skeleton active /> : null}
      {view.isError && <Alert type="warning" showIcon title={t('view.error')} style={{ marginBottom: 12 }} />}
      {shown && <AlarmSummary alarm={shown} />}
      {shown && (
        <>
          <Divider titlePlacement="start">{t('process.history')}</Divider>
          <ProcessHistory alarmId={shown.id} />
        </>
      )}
    </Drawer>
  );
}
