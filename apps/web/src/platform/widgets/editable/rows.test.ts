import { describe, expect, it } from 'vitest';
import {
  insertRows,
  isRowDisabled,
  isSwitchOn,
  isTempRowId,
  moveRow,
  removeRows,
  renumber,
  selectionState,
  stripTempIds,
  switchValue,
  tempRowId,
  withRowIds,
} from './rows';

const rows = withRowIds([
  { id: 'a', name: 'A' },
  { id: 'b', name: 'B' },
  { id: 'c', name: 'C' },
]);
const names = (list: readonly Record<string, unknown>[]): unknown[] => list.map((r) => r.name);

describe('editable table rows (SPEC §3, §4)', () => {
  it('gives new rows temporary ids that are stripped from the output', () => {
    const [kept, fresh] = withRowIds([{ id: 'x1', name: 'kept' }, { name: 'new' }]);
    expect(kept.id).toBe('x1');
    expect(isTempRowId(fresh.id)).toBe(true);
    expect(tempRowId()).not.toBe(tempRowId());
    expect(stripTempIds([kept, fresh])).toEqual([{ id: 'x1', name: 'kept' }, { name: 'new' }]);
  });

  it('inserts after an index, at the start or at the end, and removes by id', () => {
    const [n] = withRowIds([{ name: 'N' }]);
    expect(names(insertRows(rows, [n], 0))).toEqual(['A', 'N', 'B', 'C']);
    expect(names(insertRows(rows, [n], -1))).toEqual(['N', 'A', 'B', 'C']);
    expect(names(insertRows(rows, [n]))).toEqual(['A', 'B', 'C', 'N']);
    expect(names(removeRows(rows, ['a', 'c']))).toEqual(['B']);
  });

  it('moves rows and recalculates the sort number', () => {
    const moved = renumber(moveRow(rows, 0, 2), 'orderNum');
    expect(moved.map((r) => [r.name, r.orderNum])).toEqual([
      ['B', 1],
      ['C', 2],
      ['A', 3],
    ]);
    expect(names(moveRow(rows, 0, 5))).toEqual(['A', 'B', 'C']);
    expect(renumber(rows, null)[0].orderNum).toBeUndefined();
  });

  it('disables rows matching the disabledRows rule and counts the selection over the others', () => {
    const list = withRowIds([
      { id: '1', status: 'locked' },
      { id: '2', status: 'open' },
      { id: '3', status: 'done' },
    ]);
    expect(isRowDisabled(list[0], { status: 'locked' })).toBe(true);
    expect(isRowDisabled(list[2], { status: ['locked', 'done'] })).toBe(true);
    expect(isRowDisabled(list[1], { status: ['locked', 'done'] })).toBe(false);
    expect(selectionState(list, [], { status: 'locked' })).toBe('none');
    expect(selectionState(list, ['2'], { status: 'locked' })).toBe('some');
    expect(selectionState(list, ['2', '3'], { status: 'locked' })).toBe('all');
  });

  it('maps switches to the first value when on and the second when off or empty', () => {
    expect(switchValue(true)).toBe('Y');
    expect(switchValue(false)).toBe('N');
    expect(switchValue(true, [1, 0])).toBe(1);
    expect(isSwitchOn(undefined)).toBe(false);
    expect(isSwitchOn('Y')).toBe(true);
  });
});
