import { useState, type ReactNode } from 'react';
import { Button, Col, Form, Input, Modal, Row, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../feedback/feedback';
import { deleteSavedQuery, hasSavedQuery, loadSavedQueries, saveQuery, type SavedQuery } from './savedQueries';
import { activeConditions, type MatchType, type SuperCondition, type SuperQueryField } from './superQuery';
import { SavedQueriesPanel } from './SavedQueriesPanel';
import { SuperConditionRow } from './SuperConditionRow';

interface AdvancedQueryModalProps {
  open: boolean;
  fields: readonly SuperQueryField[];
  /** Route or code the saved queries are stored under. */
  code: string;
  initial: SuperCondition[];
  initialMatch: MatchType;
  onClose: () => void;
  /** Emits the non-empty conditions and the match type (empty list on reset). */
  onSearch: (conditions: SuperCondition[], matchType: MatchType) => void;
}

const blankRow = (): SuperCondition => ({ rule: 'eq' });

/** Advanced-query dialog (SPEC §2, §4, §5; 1000 px) with its saved-queries panel. */
export function AdvancedQueryModal({
  open,
  fields,
  code,
  initial,
  initialMatch,
  onClose,
  onSearch,
}: AdvancedQueryModalProps): ReactNode {
  const { t } = useTranslation('list');
  const [rows, setRows] = useState<SuperCondition[]>(initial.length ? initial : [blankRow()]);
  const [matchType, setMatchType] = useState<MatchType>(initialMatch);
  const [saved, setSaved] = useState<SavedQuery[]>(() => loadSavedQueries(code));
  const [naming, setNaming] = useState(false);
  const [nameForm] = Form.useForm<{ title: string }>();

  const search = (): void => {
    const conditions = activeConditions(rows);
    if (conditions.length === 0) {
      feedback().message.warning(t('super.emptyConditions'));
      return;
    }
    onSearch(conditions, matchType);
    onClose();
  };
  const reset = (): void => {
    setRows([blankRow()]);
    onSearch([], matchType);
  };
  const startSave = (): void => {
    if (activeConditions(rows).length === 0) {
      feedback().message.warning(t('super.emptyConditions'));
      return;
    }
    nameForm.resetFields();
    setNaming(true);
  };
  const store = (title: string): void => {
    setSaved(saveQuery(code, { title, matchType, records: activeConditions(rows) }));
    setNaming(false);
    feedback().message.success(t('super.savedOk'));
  };
  const confirmName = async (): Promise<void> => {
    const { title } = await nameForm.validateFields();
    if (hasSavedQuery(code, title)) {
      feedback().modal.confirm({
        title: t('super.overwriteTitle'),
        content: t('super.overwrite', { name: title }),
        onOk: () => store(title),
      });
      return;
    }
    store(title);
  };

  return (
    <Modal
      open={open}
      width={1000}
      title={t('super.title')}
      onCancel={onClose}
      footer={
        <Space wrap>
          <Button onClick={reset}>{t('super.reset')}</Button>
          <Button onClick={startSave}>{t('super.save')}</Button>
          <Button type="primary" onClick={search} data-testid="super-search">
            {t('super.search')}
          </Button>
        </Space>
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={18}>
          <Space style={{ marginBottom: 12 }} wrap>
            <span>{t('super.match')}</span>
            <Select<MatchType>
              style={{ width: 280, maxWidth: '100%' }}
              value={matchType}
              onChange={setMatchType}
              options={[
                { value: 'and', label: t('super.and') },
                { value: 'or', label: t('super.or') },
              ]}
            />
          </Space>
          {rows.map((row, i) => (
            <SuperConditionRow
              key={i}
              condition={row}
              fields={fields}
              onChange={(next) => setRows(rows.map((r, j) => (j === i ? next : r)))}
              onRemove={() => setRows(rows.length > 1 ? rows.filter((_, j) => j !== i) : [blankRow()])}
            />
          ))}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => setRows([...rows, blankRow()])}>
            {t('super.add')}
          </Button>
        </Col>
        <Col xs={24} md={6}>
          <SavedQueriesPanel
            queries={saved}
            onPick={(q) => {
              setRows(q.records.length ? q.records : [blankRow()]);
              setMatchType(q.matchType);
            }}
            onDelete={(title) => setSaved(deleteSavedQuery(code, title))}
          />
        </Col>
      </Row>
      <Modal
        open={naming}
        title={t('super.saveTitle')}
        onCancel={() => setNaming(false)}
        onOk={() => void confirmName()}
        destroyOnHidden
      >
        <Form form={nameForm} layout="vertical">
          <Form.Item
            name="title"
            label={t('super.name')}
            rules={[{ required: true, whitespace: true, message: t('super.nameRequired') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Form>
      </Modal>
    </Modal>
  );
}
