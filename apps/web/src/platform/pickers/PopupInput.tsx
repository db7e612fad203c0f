import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Space, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PopupReportRoutes } from '@ztj/contracts';
import { callApi } from '../http/callApi';
import { PopupReportModal } from './PopupReportModal';
import { popupInputMapping, popupInputValues } from './popupReport';

/** Props of {@link PopupInput} (JeecgBoot's `j-popup`: code, orgFields, destFields). */
export interface PopupInputProps {
  /** Report code. */
  code: string;
  /** Comma-separated columns of the picked row. */
  orgFields: string;
  /** Comma-separated form fields they fill, as many as `orgFields`. */
  destFields: string;
  multi?: boolean;
  /** Values of the report's parameters. */
  params?: Record<string, string>;
  /** Form-control value and change (antd Form.Item). */
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
  /** Test id of the input; the button gets `<testId>-pick`. */
  testId?: string;
}

/**
 * The popup input (SPEC §2 widgets, §5): a text field with a button that opens the popup report
 * picker; the picked row fills the destination fields of the surrounding form (origin column i →
 * destination field i). Without a code or with unequal field counts it shows the §5 error; when the
 * tenant has no report with this code it stays a plain text field (the button is left out).
 */
export function PopupInput({
  code,
  orgFields,
  destFields,
  multi,
  params,
  value,
  onChange,
  id,
  maxLength,
  placeholder,
  disabled,
  testId,
}: PopupInputProps): ReactNode {
  const { t } = useTranslation('popupReports');
  const form = Form.useFormInstance();
  const [open, setOpen] = useState(false);
  const mapping = popupInputMapping(code, orgFields, destFields);
  const head = useQuery({
    queryKey: ['popupReport', 'columns', code],
    enabled: !!mapping,
    retry: false,
    staleTime: 60_000,
    queryFn: () => callApi(PopupReportRoutes.getRpColumns, { params: { code }, silent: true }),
  });
  const input = (
    <Input
      id={id}
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
      maxLength={maxLength}
      placeholder={placeholder}
      disabled={disabled}
      status={mapping ? undefined : 'error'}
      data-testid={testId}
    />
  );
  if (!mapping) {
    return (
      <>
        {input}
        <Typography.Text type="danger">{t('input.badConfig')}</Typography.Text>
      </>
    );
  }
  if (!head.data) return input;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        {input}
        <Button
          icon={<SearchOutlined />}
          disabled={disabled}
          onClick={() => setOpen(true)}
          aria-label={t('input.pick')}
          title={t('input.pick')}
          data-testid={testId ? `${testId}-pick` : undefined}
        />
      </Space.Compact>
      {open && (
        <PopupReportModal
          code={code}
          multi={multi}
          params={params}
          onCancel={() => setOpen(false)}
          onOk={(rows) => {
            form.setFieldsValue(popupInputValues(mapping, rows));
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
