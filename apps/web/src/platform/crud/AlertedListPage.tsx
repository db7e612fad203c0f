import type { ReactNode } from 'react';
import { ListEmpty } from '../list/ListEmpty';
import { ListErrorAlert } from '../list/ListErrorAlert';
import { ListPage, type ListPageProps } from '../list/ListPage';

/** Translated words of an {@link AlertedListPage}. */
export interface AlertedListTexts {
  /** Title of the load-error alert ("the list could not be loaded"). */
  loadFailed: string;
  /** The alert's retry button. */
  retry: string;
  /** The table's empty text ("no records"). */
  empty: string;
}

/** Props of {@link AlertedListPage}: those of `ListPage` but the table's empty text. */
export interface AlertedListPageProps<Row> extends Omit<ListPageProps<Row>, 'testId' | 'tableProps'> {
  /** Test id of the list card; the load-error alert gets `<testId>-error`. */
  testId: string;
  /** The list's load error (`useListError` of its route), or null. */
  error: Error | null;
  /**
   * Where the load error shows: `'alert'` (default) an alert with retry above the list and the
   * empty text in the table; `'empty'` in the table's empty state instead, no alert.
   */
  errorIn?: 'alert' | 'empty';
  texts: Pick<AlertedListTexts, 'empty'> & Partial<AlertedListTexts>;
  /** Shown between the alert and the list (a map of the page, a notice). */
  above?: ReactNode;
}

/**
 * A feature's list page on the one list machinery (ARCHITECTURE §7): its load error (an alert
 * with a retry button, or the table's empty state), anything `above` the list, then `ListPage`
 * without row selection (unless `selectable`) and with the section's empty text.
 */
export function AlertedListPage<Row extends object>(props: AlertedListPageProps<Row>): ReactNode {
  const { testId, error, errorIn = 'alert', texts, above, selectable = false, ...listProps } = props;
  return (
    <>
      {errorIn === 'alert' && (
        <ListErrorAlert
          error={error}
          title={texts.loadFailed ?? ''}
          retryText={texts.retry ?? ''}
          onRetry={() => void listProps.list.reload()}
          testId={`${testId}-error`}
        />
      )}
      {above}
      <ListPage<Row>
        testId={testId}
        selectable={selectable}
        {...listProps}
        tableProps={{
          locale: { emptyText: <ListEmpty error={errorIn === 'empty' ? error : undefined} text={texts.empty} /> },
        }}
      />
    </>
  );
}
