import { describe, expect, it } from 'vitest';
import { queryClient } from '../http/queryClient';
import { refreshPageTab, useTabsStore } from './tabsStore';

describe('refreshPageTab', () => {
  it('remounts the page and marks the cached queries stale, so the remounted page fetches again', () => {
    queryClient.setQueryData(['list', '/sys/user/list'], { records: [] });
    expect(queryClient.getQueryState(['list', '/sys/user/list'])?.isInvalidated).toBe(false);

    refreshPageTab('/system/user');

    expect(useTabsStore.getState().refreshCounts['/system/user']).toBe(1);
    expect(queryClient.getQueryState(['list', '/sys/user/list'])?.isInvalidated).toBe(true);
    queryClient.clear();
  });
});
