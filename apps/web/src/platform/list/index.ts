/** The one list machinery of the console (ARCHITECTURE §7). */
export { useListPage, rowId, type ListPageState, type UseListPageOptions, type RowOf } from './useListPage';
export { ListPage, type ListPageProps } from './ListPage';
export { ListToolbar } from './ListToolbar';
export { QueryForm, type QueryField } from './QueryForm';
export { OperatorInput } from './OperatorInput';
export { AdvancedQueryModal } from './AdvancedQueryModal';
export { ImportModal } from './ImportModal';
export { downloadExport, postImport, fileHref } from './listApi';
export { formToQuery, DATE_FORMAT, DATETIME_FORMAT } from './listQuery';
export { applyTextOperator, type TextOperator, type OperatorValue } from './textOperators';
export { type SuperQueryField, type SuperCondition, type MatchType } from './superQuery';
export { LIST_PAGE_SIZES, PICKER_PAGE_SIZES, PICKER_PAGE_SIZE, pageAfterDelete } from './paging';
export { RowActions, type RowAction } from './RowActions';
export { formatDateTime } from './listQuery';
export { ListErrorAlert, type ListErrorAlertProps } from './ListErrorAlert';
export { ListEmpty } from './ListEmpty';
export { useListError } from './useListError';
export { WrapText } from './WrapText';
