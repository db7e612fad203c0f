import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Col, Form, Input, Modal, Row, Select, Table, type TableProps } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  POPUP_REPORT_MODAL_WIDTH,
  POPUP_REPORT_PAGE_SIZE,
  PopupReportRoutes,
  REPORT_PARAM_PREFIX,
  type ReportColumnsResult,
} from '@ztj/contracts';
import { feedback } from '../feedback/feedback';
import { callApi } from '../http/callApi';
import { formatDateTime } from '../list/listQuery';
import { popupReportConfirm, reportCellText, type ReportRow } from './popupReport';

/** Props of {@link PopupReportModal}. */
export interface PopupReportModalProps {
  /** Report code (or id). */
  code: string;
  /** Several rows may be picked; one by default (SPEC §5). */
  multi?: boolean;
  /** Values of the report's parameters (sent as `self_<name>`). */
  params?: Record<string, string>;
  /** Caches the report's pages 30 s on the server under this group (SPEC §7). */
  groupId?: string;
  title?: string;
  onOk: (rows: ReportRow[]) => void;
  onCancel: () => void;
}

/**
 * The popup report picker (SPEC §2 widgets, §5 popup report confirm, §7 cgreport, §9): a 1200 px
 * dialog with the report's query fields, a table of its visible columns (dictionary values as
 * their texts) paged by 10 with a quick jumper, radio (or checkbox) selection and row click;
 * OK with nothing — or, single, more than one — selected warns "please select one record".
 * A failure to load the query fields shows the server's message as a warning (SPEC §8).
 */
export function PopupReportModal({
  code,
  multi = false,
  params = {},
  groupId,
  title,
  onOk,
  onCancel,
}: PopupReportModalProps): ReactNode {
  const { t } = useTranslation(['system', 'popupReports', 'list']);
  const [page, setPage] = useState({ pageNo: 1, pageSize: POPUP_REPORT_PAGE_SIZE });
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [picked, setPicked] = useState<{ key: string; row: ReportRow }[]>([]);
  const [form] = Form.useForm<Record<string, string | undefined>>();

  const head = useQuery({
    queryKey: ['popupReport', 'columns', code],
    queryFn: () => callApi(PopupReportRoutes.getRpColumns, { params: { code }, silent: true }),
    retry: false,
  });
  const id = head.data?.cgRpConfigId;
  const info = useQuery({
    queryKey: ['popupReport', 'queryInfo', id],
    enabled: !!id,
    retry: false,
    queryFn: async () => {
      try {
        return await callApi(PopupReportRoutes.getQueryInfo, { params: { id: id! }, silent: true });
      } catch (error) {
        feedback().message.warning(error instanceof Error ? error.message : String(error));
        return [];
      }
    },
  });
  const selfParams = useMemo(
    () => Object.fromEntries(Object.entries(params).map(([k, v]) => [`${REPORT_PARAM_PREFIX}${k}`, v])),
    [params],
  );
  const data = useQuery({
    queryKey: ['popupReport', 'data', id, page, filters, selfParams, groupId],
    enabled: !!id,
    retry: false,
    queryFn: () =>
      callApi(PopupReportRoutes.getData, {
        params: { id: id! },
        query: {
          pageNo: String(page.pageNo),
          pageSize: String(page.pageSize),
          ...selfParams,
          ...filters,
          ...(groupId ? { groupId } : {}),
        },
        silent: true,
      }),
  });

  const columns = useMemo(() => tableColumns(head.data), [head.data]);
  const rows = (data.data?.records ?? []).map((row, i) => ({ key: `${page.pageNo}-${i}`, row }));
  const keys = picked.map((p) => p.key);
  const toggle = (entry: { key: string; row: ReportRow }): void => {
    if (!multi) setPicked([entry]);
    else setPicked(keys.includes(entry.key) ? picked.filter((p) => p.key !== entry.key) : [...picked, entry]);
  };
  const confirm = (): void => {
    const rowsPicked = picked.map((p) => p.row);
    if (!popupReportConfirm(rowsPicked.length, multi)) {
      Modal.warning({ title: t('system:pickers.selectOne') });
      return;
    }
    onOk(rowsPicked);
  };
  const search = (values: Record<string, string | undefined>): void => {
    setFilters(
      Object.fromEntries(
        Object.entries(values)
          .filter(([, v]) => v !== undefined && v !== '')
          .map(([k, v]) => [k, String(v).trim()]),
      ),
    );
    setPage({ ...page, pageNo: 1 });
    setPicked([]);
  };
  const fields = (info.data ?? []).filter((q) => q.hidden !== '1');
  const error = head.error ?? data.error;

  return (
    <Modal
      open
      title={title ?? head.data?.cgRpConfigName ?? t('popupReports:picker.title')}
      width={POPUP_REPORT_MODAL_WIDTH}
      onCancel={onCancel}
      onOk={confirm}
      destroyOnHidden
      modalRender={(node) => <div data-testid="popup-report-modal">{node}</div>}
    >
      {fields.length > 0 && (
        <Form
          form={form}
          name={`popupReport_${code}`}
          onFinish={search}
          labelCol={{ flex: '96px' }}
          labelWrap
          style={{ marginBottom: 12 }}
        >
          <Row gutter={[12, 12]}>
            {fields.map((q) => (
              <Col key={q.field} xs={24} sm={12} xl={8}>
                <Form.Item name={q.field} label={q.label} style={{ marginBottom: 0 }}>
                  {q.dictCode && head.data?.dictOptions[q.field] ? (
                    <Select
                      allowClear
                      options={head.data.dictOptions[q.field]!.map((o) => ({ value: o.value, label: o.text }))}
                      placeholder={t('list:query.choose', { field: q.label })}
                    />
                  ) : (
                    <Input allowClear placeholder={t('list:query.placeholder', { field: q.label })} />
                  )}
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} sm={12} xl={8}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="popup-report-search">
                {t('list:query.search')}
              </Button>
              <Button
                style={{ marginLeft: 8 }}
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  search({});
                }}
              >
                {t('list:query.reset')}
              </Button>
            </Col>
          </Row>
        </Form>
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          message={error instanceof Error ? error.message : String(error)}
          style={{ marginBottom: 12, overflowWrap: 'anywhere' }}
          data-testid="popup-report-error"
        />
      )}
      <Table<{ key: string; row: ReportRow }>
        size="small"
        rowKey="key"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={rows}
        loading={head.isLoading || data.isFetching}
        rowSelection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: keys,
          onSelect: (entry) => toggle(entry),
          hideSelectAll: true,
        }}
        onRow={(entry) => ({ onClick: () => toggle(entry) })}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: data.data?.total ?? 0,
          size: 'small',
          showQuickJumper: true,
          showSizeChanger: false,
          showTotal: (total) => t('popupReports:picker.total', { total }),
          onChange: (pageNo) => setPage({ ...page, pageNo }),
        }}
        data-testid="popup-report-table"
      />
    </Modal>
  );
}

/** Table columns of the report's visible columns; dictionary values show their texts, times the console's format. */
function tableColumns(
  head: ReportColumnsResult | undefined,
): NonNullable<TableProps<{ key: string; row: ReportRow }>['columns']> {
  return (head?.columns ?? [])
    .filter((c) => !c.hidden)
    .map((c) => ({
      key: c.dataIndex,
      title: c.title,
      ellipsis: true,
      render: (_v: unknown, entry: { row: ReportRow }) => {
        const text = reportCellText(entry.row[c.dataIndex], head?.dictOptions[c.dataIndex]);
        return c.type === 'datetime' && text ? formatDateTime(text) : text;
      },
    }));
}
