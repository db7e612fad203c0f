import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CategoryRoutes, type CategoryNode } from '@ztj/contracts';
import { isJsonCondition, mergeTreeItems, toTreeItems } from './categoryTree';
import { setupEnglishUi, stubLayoutApis } from '../../../test/jsdom';

const callApi = vi.fn();
vi.mock('../../http/callApi', () => ({ callApi: (...a: unknown[]) => callApi(...a) }));
stubLayoutApis();

const { CategoryTreeSelect } = await import('./CategoryTreeSelect');

const node = (key: string, name: string, pid: string | null, isLeaf: boolean): CategoryNode => ({
  key,
  value: key,
  code: key,
  name,
  label: name,
  title: name,
  pid,
  leaf: isLeaf ? '1' : '0',
  isLeaf,
});

setupEnglishUi('widgets', () => callApi.mockReset());

describe('category tree helpers', () => {
  it('accepts only a JSON object text as the condition (SPEC §5)', () => {
    expect(isJsonCondition(undefined)).toBe(true);
    expect(isJsonCondition('{"code":"A01"}')).toBe(true);
    expect(isJsonCondition('code=A01')).toBe(false);
    expect(isJsonCondition('42')).toBe(false);
  });

  it('keeps a node loaded twice once', () => {
    const roots = toTreeItems([node('1', 'Cold chain', null, false)], null);
    expect(
      mergeTreeItems(
        roots,
        toTreeItems([node('1', 'Cold chain', null, false), node('2', 'Dry', null, true)], null),
      ).map((i) => i.id),
    ).toEqual(['1', '2']);
  });
});

describe('CategoryTreeSelect', () => {
  it('loads the top level, opens a node by pid, and emits the chosen id', async () => {
    callApi.mockImplementation((route: unknown, input: { query: { pid?: string } }) => {
      if (route !== CategoryRoutes.loadTreeData) throw new Error('unexpected call');
      return Promise.resolve(
        input.query.pid === 'c1' ? [node('c11', 'Vaccines', 'c1', true)] : [node('c1', 'Medicine', null, false)],
      );
    });
    const onChange = vi.fn();
    render(<CategoryTreeSelect onChange={onChange} />);
    fireEvent.mouseDown(
      screen.getByTestId('category-tree-select').closest('.ant-select') ?? screen.getByTestId('category-tree-select'),
    );
    await screen.findByTitle('Medicine');
    fireEvent.click(document.querySelector('.ant-select-tree-switcher') as Element);
    fireEvent.click(await screen.findByTitle('Vaccines'));
    expect(onChange).toHaveBeenLastCalledWith('c11');
    expect(callApi).toHaveBeenCalledWith(CategoryRoutes.loadTreeData, {
      query: { pid: 'c1', condition: undefined },
      silent: true,
    });
  });

  it('names a value not loaded yet with loadDictItem', async () => {
    callApi.mockImplementation((route: unknown) =>
      Promise.resolve(route === CategoryRoutes.loadDictItem ? ['Vaccines'] : [node('c1', 'Medicine', null, false)]),
    );
    render(<CategoryTreeSelect value="c11" />);
    await waitFor(() =>
      expect(screen.getByTestId('category-tree-select').closest('.ant-select')?.textContent).toContain('Vaccines'),
    );
    expect(callApi).toHaveBeenCalledWith(CategoryRoutes.loadDictItem, { query: { ids: 'c11' }, silent: true });
  });

  it('refuses a condition that is not JSON without calling the server', () => {
    render(<CategoryTreeSelect condition="code=A01" />);
    expect(screen.getByTestId('category-tree-select-bad-condition').textContent).toBe(
      'The category condition must be a JSON string',
    );
    expect(callApi).not.toHaveBeenCalled();
  });
});
