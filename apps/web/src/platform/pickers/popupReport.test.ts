import { describe, expect, it } from 'vitest';
import { popupInputMapping, popupInputValues, popupReportConfirm, reportCellText } from './popupReport';

describe('popup report picker and popup input rules (SPEC §5)', () => {
  it('confirms only with one row (single) or at least one (multi)', () => {
    expect(popupReportConfirm(0, false)).toBe(false);
    expect(popupReportConfirm(1, false)).toBe(true);
    expect(popupReportConfirm(2, false)).toBe(false);
    expect(popupReportConfirm(0, true)).toBe(false);
    expect(popupReportConfirm(3, true)).toBe(true);
  });

  it('needs a code and origin and destination fields of equal count', () => {
    expect(popupInputMapping('', 'a', 'b')).toBeNull();
    expect(popupInputMapping('r', '', '')).toBeNull();
    expect(popupInputMapping('r', 'a,b', 'x')).toBeNull();
    expect(popupInputMapping('r', 'a, b', 'x,y')).toEqual({
      code: 'r',
      pairs: [
        { from: 'a', to: 'x' },
        { from: 'b', to: 'y' },
      ],
    });
  });

  it('fills destination fields from the picked rows, dictionary values as texts', () => {
    const mapping = popupInputMapping('r', 'plate,phone', 'vehicle,driverPhone')!;
    expect(popupInputValues(mapping, [{ plate: '沪A12345', phone: 13800000000 }])).toEqual({
      vehicle: '沪A12345',
      driverPhone: '13800000000',
    });
    expect(
      popupInputValues(mapping, [
        { plate: 'A', phone: null },
        { plate: 'B', phone: '1' },
      ]),
    ).toEqual({ vehicle: 'A,B', driverPhone: ',1' });
    expect(reportCellText('1', [{ value: '1', text: 'Normal' }])).toBe('Normal');
    expect(reportCellText(undefined)).toBe('');
  });
});
