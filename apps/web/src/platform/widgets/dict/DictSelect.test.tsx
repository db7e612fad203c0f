import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen, waitFor, type RenderResult } from '@testing-library/react';
import { writeStored } from '../../storage/localStore';
import { STORAGE_KEYS } from '../../storage/storageKeys';
import { DictRoutes } from '@ztj/contracts';
import { DictMultiSelect, DictSearchSelect, DictSelect, searchDictChoices, useDebounced } from './DictSelect';
import { setupEnglishUi, stubLayoutApis, withProviders } from '../../../test/jsdom';

const callApi = vi.fn();
vi.mock('../../http/callApi', () => ({ callApi: (...a: unknown[]) => callApi(...a) }));

stubLayoutApis();

const item = (value: string, text: string, textEn: string) => ({ value, text, textEn, label: text, title: text });

setupEnglishUi('widgets');
beforeAll(() => {
  // the session's 7-day dictionary cache (what sign-in stores): the widgets read it before asking the server
  writeStored(STORAGE_KEYS.dictCache, {
    sex: [item('1', '男', 'Male'), item('2', '女', 'Female')],
    push_type: [item('1', '短信', 'SMS'), item('2', '微信', 'WeChat'), item('4', '邮件', 'Email')],
  });
});

/** Renders `node` with a React Query client only (no antd test root: antd's run-time styles on). */
const renderInQuery = (node: ReactNode): RenderResult => render(withProviders(node, { antd: false }));

describe('dictionary widgets', () => {
  it('radio shows the items in the current language and emits numbers for a numeric form', async () => {
    const onChange = vi.fn();
    renderInQuery(<DictSelect dictCode="sex" type="radio" numeric value={1} onChange={onChange} testId="sex" />);
    await screen.findByText('Female');
    expect((screen.getByLabelText('Male') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Female'));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('radio buttons render as buttons', async () => {
    renderInQuery(<DictSelect dictCode="sex" type="radioButton" value="2" testId="sex" />);
    await screen.findByText('Female');
    expect(screen.getByTestId('sex').querySelectorAll('.ant-radio-button-wrapper')).toHaveLength(2);
  });

  it('checkbox group emits the chosen values comma-joined in dictionary order', async () => {
    const onChange = vi.fn();
    renderInQuery(<DictMultiSelect dictCode="push_type" type="checkbox" value="4" onChange={onChange} testId="push" />);
    await screen.findByText('WeChat');
    fireEvent.click(screen.getByLabelText('SMS'));
    expect(onChange).toHaveBeenLastCalledWith('1,4');
  });

  it('an empty dictionary code says so instead of rendering an empty widget', () => {
    renderInQuery(<DictSelect dictCode="" testId="nocode" />);
    expect(screen.getByTestId('nocode').textContent).toBe('Dictionary code must not be empty');
  });
});

describe('dictionary search-select', () => {
  it('shows at most 10 options matching text or value', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ value: `v${i}`, label: `Item ${i}` }));
    expect(searchDictChoices(many, '')).toHaveLength(10);
    expect(searchDictChoices(many, 'item 2').map((o) => o.value)).toEqual([
      'v2',
      'v20',
      'v21',
      'v22',
      'v23',
      'v24',
      'v25',
      'v26',
      'v27',
      'v28',
    ]);
    expect(searchDictChoices(many, 'V7').map((o) => o.value)).toEqual(['v7']);
  });

  it('searches 800 ms after the last keystroke', async () => {
    vi.useFakeTimers();
    try {
      const { result, rerender } = renderHook(({ v }) => useDebounced(v, 800), { initialProps: { v: '' } });
      rerender({ v: 'a' });
      act(() => {
        vi.advanceTimersByTime(500);
      });
      rerender({ v: 'ab' });
      act(() => {
        vi.advanceTimersByTime(799);
      });
      expect(result.current).toBe('');
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(result.current).toBe('ab');
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => undefined);
  });

  it('searches a table dictionary on the server with the settled keyword and 10 as the page size', async () => {
    const code = 'sys_depart,depart_name,id';
    callApi.mockImplementation((_route: unknown, input: { query: { keyword: string } }) =>
      Promise.resolve(
        input.query.keyword === 'Cold'
          ? [item('d7', 'Cold store', 'Cold store')]
          : [item('d1', 'Head office', 'Head office')],
      ),
    );
    renderInQuery(<DictSearchSelect dictCode={code} testId="depart-search" />);
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith(DictRoutes.search, {
        params: { code },
        query: { keyword: '', pageSize: 10 },
      }),
    );
    const input = screen.getByTestId('depart-search').querySelector('input') ?? screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'Cold' } });
    await waitFor(
      () =>
        expect(callApi).toHaveBeenCalledWith(DictRoutes.search, {
          params: { code },
          query: { keyword: 'Cold', pageSize: 10 },
        }),
      { timeout: 3000 },
    );
    expect(await screen.findByText('Cold store')).toBeTruthy();
  });
});
