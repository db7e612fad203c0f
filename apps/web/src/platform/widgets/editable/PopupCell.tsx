import { useState, type ReactNode } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PopupReportModal } from '../../pickers/PopupReportModal';
import { popupInputMapping, popupInputValues } from '../../pickers/popupReport';
import type { EditableColumn } from './types';

/**
 * The `popup` cell (SPEC §3 popupCode, orgFields, destFields): a text with a button opening the
 * popup report picker; the picked row fills the row's destination fields (origin column i →
 * destination field i). An incomplete configuration shows the §5 error.
 */
export function PopupCell({
  column,
  value,
  onChange,
  onRowChange,
  disabled,
  status,
}: {
  column: EditableColumn;
  value: unknown;
  onChange: (value: unknown) => void;
  onRowChange: (patch: Record<string, unknown>) => void;
  disabled?: boolean;
  status?: 'error';
}): ReactNode {
  const { t } = useTranslation('popupReports');
  const [open, setOpen] = useState(false);
  const mapping = popupInputMapping(column.popupCode, column.orgFields, column.destFields);
  const text = value === undefined || value === null ? '' : String(value);
  const input = (
    <Input
      value={text}
      status={mapping ? status : 'error'}
      disabled={disabled}
      placeholder={column.placeholder}
      onChange={(e) => onChange(e.target.value)}
      data-testid={column.testId}
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
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        {input}
        <Button
          icon={<SearchOutlined />}
          disabled={disabled}
          onClick={() => setOpen(true)}
          data-testid={column.testId ? `${column.testId}-pick` : undefined}
        />
      </Space.Compact>
      {open && (
        <PopupReportModal
          code={mapping.code}
          onCancel={() => setOpen(false)}
          onOk={(rows) => {
            onRowChange(popupInputValues(mapping, rows));
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
