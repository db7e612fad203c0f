import { useState, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Form, Modal, Progress, Radio, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DEVICE_REPORT_TYPES,
  DownloadCenterRoutes,
  EXPORT_FILE_TYPES,
  ReportRoutes,
  type DeviceReportType,
  type ExportFile,
  type ReportFormat,
} from '@ztj/contracts';
import { isApiError } from '../../platform/http/ApiError';
import { callApi } from '../../platform/http/callApi';
import { DOWNLOAD_CENTER_PATH, downloadExportFile } from '../../platform/exports/exportFlow';
import { serverErrorsToFields, showFieldErrors } from '../../platform/forms/formIssues';
import { toLanguage } from '../../platform/i18n/i18n';

/** Preset ranges of the dialog, days back from now (1, 7, 30 days). */
export const REPORT_PRESET_DAYS = [1, 7, 30] as const;

/** Whether the server generates report type `code` (the terminal report, and the §9 family reports marked available: b meter). */
export const reportTypeAvailable = (code: DeviceReportType): boolean =>
  code === 'terminal' || EXPORT_FILE_TYPES[code].available;

/** The meter report (SPEC §9 type b: ammeters and plugs) is Excel only. */
const METER_REPORT: DeviceReportType = 'b';

interface FormValues {
  range: [Dayjs, Dayjs];
  format: ReportFormat;
  reportType: DeviceReportType;
}

interface DeviceReportDialogProps {
  /** One device (single-terminal report) or several (multiple terminals). */
  deviceIds: string[];
  open: boolean;
  onClose: () => void;
}

/** The download-center entry of a started report, polled every second while it is generating. */
function useReportFile(id: string | null): ExportFile | undefined {
  const q = useQuery({
    queryKey: ['report-file', id],
    enabled: id !== null,
    queryFn: () => callApi(DownloadCenterRoutes.view, { query: { id: id! }, silent: true }),
    refetchInterval: (query) => (query.state.data?.status === 'generating' || !query.state.data ? 1000 : false),
  });
  return q.data;
}

/**
 * Report dialog: time range (default the last 24 h; presets 1, 7, 30 days),
 * format PDF / Excel and report type (the terminal report; the meter report b of ammeters and plugs,
 * Excel only, the meters module's export; the SPEC §9 device-family reports the product has no
 * devices for, listed with that note and refused by the server on `reportType`); the report is generated in the download center, its progress shown here, then
 * a download button and the link to the download center (SPEC §8: export success points there).
 * Server field errors (end before start, range too long) show on the range field.
 */
export function DeviceReportDialog({ deviceIds, open, onClose }: DeviceReportDialogProps): ReactNode {
  const { t, i18n } = useTranslation('reports');
  const lang = toLanguage(i18n.language);
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [fileId, setFileId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const file = useReportFile(fileId);
  const reportType = Form.useWatch('reportType', form);

  const close = (): void => {
    setFileId(null);
    setError(null);
    onClose();
  };

  const submit = async (values: FormValues): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const started = await callApi(ReportRoutes.device, {
        query: {
          deviceIds: deviceIds.join(','),
          startTime: values.range[0].valueOf(),
          endTime: values.range[1].valueOf(),
          format: values.reportType === METER_REPORT ? 'xlsx' : values.format,
          reportType: values.reportType,
        },
        silent: true,
      });
      setFileId(started.id);
    } catch (e) {
      if (isApiError(e) && e.errors?.length) {
        const entries = serverErrorsToFields(e.errors, t).map((f) => ({
          ...f,
          name: ['startTime', 'endTime'].includes(String(f.name[0])) ? ['range'] : f.name,
        }));
        showFieldErrors(form, entries);
      } else setError(e instanceof Error ? e.message : t('failed'));
    } finally {
      setBusy(false);
    }
  };

  const now = dayjs();
  const presets = REPORT_PRESET_DAYS.map((d) => ({
    label: t(`presets.${d}`),
    value: [now.subtract(d, 'day'), now] as [Dayjs, Dayjs],
  }));
  const typeOptions = DEVICE_REPORT_TYPES.map((code) => ({
    value: code,
    label:
      code === 'terminal'
        ? t('typeTerminal')
        : t(reportTypeAvailable(code) ? 'typeMeter' : 'typeNotYet', { name: EXPORT_FILE_TYPES[code].name[lang] }),
  }));
  const generating = fileId !== null && (!file || file.status === 'generating');

  return (
    <Modal
      open={open}
      title={deviceIds.length > 1 ? t('titleMulti', { count: deviceIds.length }) : t('titleSingle')}
      onCancel={close}
      destroyOnHidden
      width={560}
      data-testid="report-dialog"
      footer={
        fileId ? (
          <Button onClick={close}>{t('close')}</Button>
        ) : (
          <Space>
            <Button onClick={close}>{t('cancel')}</Button>
            <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="report-submit">
              {t('generate')}
            </Button>
          </Space>
        )
      }
    >
      {fileId === null ? (
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={{ range: [now.subtract(1, 'day'), now], format: 'pdf', reportType: 'terminal' }}
          onFinish={(v) => void submit(v)}
          onValuesChange={(changed: Partial<FormValues>) => {
            if (changed.reportType === METER_REPORT) form.setFieldValue('format', 'xlsx');
          }}
        >
          <Typography.Paragraph type="secondary">{t('devices', { ids: deviceIds.join(', ') })}</Typography.Paragraph>
          <Form.Item
            name="range"
            label={t('range')}
            rules={[{ required: true, message: t('common:validation.required') }]}
          >
            <DatePicker.RangePicker showTime presets={presets} style={{ width: '100%' }} data-testid="report-range" />
          </Form.Item>
          <Form.Item name="format" label={t('format')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'pdf', label: 'PDF', disabled: reportType === METER_REPORT },
                { value: 'xlsx', label: 'Excel' },
              ]}
              data-testid="report-format"
            />
          </Form.Item>
          <Form.Item
            name="reportType"
            label={t('reportType')}
            extra={
              reportType === METER_REPORT
                ? t('typeMeterHint')
                : reportType && !reportTypeAvailable(reportType)
                  ? t('typeUnavailableHint')
                  : undefined
            }
          >
            <Select options={typeOptions} data-testid="report-type" />
          </Form.Item>
          {reportType !== METER_REPORT && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {t('contents')}
            </Typography.Paragraph>
          )}
          {error && <Alert type="warning" showIcon title={error} />}
        </Form>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="report-status">
          <Typography.Text>{file?.fileName ?? ''}</Typography.Text>
          {generating && <Progress percent={file?.progress ?? 0} status="active" data-testid="report-progress" />}
          {file?.status === 'success' && (
            <>
              <Alert type="success" showIcon title={t('ready')} />
              <Space wrap>
                <Button type="primary" onClick={() => void downloadExportFile(file)} data-testid="report-download">
                  {t('download')}
                </Button>
                <Button
                  type="link"
                  onClick={() => {
                    close();
                    void navigate(DOWNLOAD_CENTER_PATH);
                  }}
                  data-testid="report-open-center"
                >
                  {t('openCenter')}
                </Button>
              </Space>
            </>
          )}
          {file?.status === 'failure' && (
            <Alert type="warning" showIcon title={file.result || t('failed')} data-testid="report-failed" />
          )}
          {generating && <Typography.Text type="secondary">{t('background')}</Typography.Text>}
        </Space>
      )}
    </Modal>
  );
}

/** A "Report" button opening {@link DeviceReportDialog} for `deviceIds` (disabled without any); `withCount` shows how many. */
export function DeviceReportButton({
  deviceIds,
  icon,
  withCount = false,
}: {
  deviceIds: string[];
  icon?: ReactNode;
  withCount?: boolean;
}): ReactNode {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={icon} disabled={deviceIds.length === 0} onClick={() => setOpen(true)} data-testid="report-open">
        {withCount ? t('buttonCount', { count: deviceIds.length }) : t('button')}
      </Button>
      {open && <DeviceReportDialog deviceIds={deviceIds} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
