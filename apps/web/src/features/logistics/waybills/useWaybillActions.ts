import { useTranslation } from 'react-i18next';
import type { WaybillRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { isApiError } from '../../../platform/http/ApiError';
import { useWaybillAction } from './api';

/** What a failed call says: its first field error (e.g. "this device is already on: …") or its message. */
export function errorText(error: unknown): string {
  if (isApiError(error) && error.errors?.[0]) return error.errors[0].message;
  return error instanceof Error ? error.message : String(error);
}

/** Start, stop, delete (each after the SPEC §4 confirmation) and copy of a waybill. */
export interface WaybillActions {
  start: (w: Pick<WaybillRecord, 'id' | 'name'>) => void;
  stop: (w: Pick<WaybillRecord, 'id' | 'name'>) => void;
  remove: (w: Pick<WaybillRecord, 'id' | 'name'>, onDone?: () => void) => void;
  copy: (w: Pick<WaybillRecord, 'id'>, onDone?: (copy: WaybillRecord) => void) => void;
}

/**
 * The waybill transitions with the spec's confirmations ('Whether to Start/Stop/Delete the
 * waybill?'); success and failure are told with a message.
 */
export function useWaybillActions(): WaybillActions {
  const { t } = useTranslation('waybills');
  const start = useWaybillAction('start');
  const stop = useWaybillAction('stop');
  const del = useWaybillAction('del');
  const copy = useWaybillAction('copy');
  const confirm = (
    kind: 'start' | 'stop' | 'delete',
    w: Pick<WaybillRecord, 'id' | 'name'>,
    run: () => Promise<unknown>,
    onDone?: () => void,
  ): void => {
    feedback().modal.confirm({
      title: t(`confirm.${kind}`),
      content: w.name,
      okButtonProps: { danger: kind !== 'start', 'data-testid': 'confirm-ok' } as never,
      okText: t(`actions.${kind}`),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await run();
          feedback().message.success(t(`done.${kind}`));
          onDone?.();
        } catch (e) {
          feedback().message.error(errorText(e));
        }
      },
    });
  };
  return {
    start: (w) => confirm('start', w, () => start.mutateAsync(w.id)),
    stop: (w) => confirm('stop', w, () => stop.mutateAsync(w.id)),
    remove: (w, onDone) => confirm('delete', w, () => del.mutateAsync(w.id), onDone),
    copy: (w, onDone) => {
      copy.mutateAsync(w.id).then(
        (c) => {
          feedback().message.success(t('done.copy'));
          if (c) onDone?.(c);
        },
        (e: unknown) => feedback().message.error(errorText(e)),
      );
    },
  };
}
