import { useMemo } from 'react';
import { Form, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { StepFormEditorProps } from '../../platform/crud/StepFormEditor';
import { useDevicesByIds } from '../alarm-settings/api';

/** The step editor's words in a logistics namespace (warehouses, waybills): `actions.*`, `edit.*`. */
export function logisticsStepTexts(t: TFunction): StepFormEditorProps<unknown>['texts'] {
  return {
    cancel: t('actions.cancel'),
    back: t('actions.back'),
    prev: t('edit.prev'),
    next: t('edit.next'),
    save: t('actions.save'),
  };
}

/**
 * The devices picked in the form's `deviceIds` (comma-separated ids) and the label of every id:
 * the saved record's device names (`saved`), then the alias or name of each picked device.
 */
export function usePickedDevices<V>(
  form: FormInstance<V>,
  saved: readonly { id: string; name: string }[] | undefined,
): { picked: ReturnType<typeof useDevicesByIds>; labels: Map<string, string> } {
  const deviceIdsText = (Form.useWatch('deviceIds', { form, preserve: true }) as string | undefined) ?? '';
  const picked = useDevicesByIds(useMemo(() => deviceIdsText.split(',').filter(Boolean), [deviceIdsText]));
  const labels = useMemo(
    () =>
      new Map([
        ...(saved ?? []).map((d) => [d.id, d.name] as const),
        ...(picked.data ?? []).map((d) => [d.id, d.alias || d.name] as const),
      ]),
    [saved, picked.data],
  );
  return { picked, labels };
}
