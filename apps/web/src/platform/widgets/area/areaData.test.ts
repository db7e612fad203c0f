import { describe, expect, it } from 'vitest';
import { areaText, cascaderOptions, childrenOf, loadAreaTree, pathOf, resolveAreaType } from './areaData';

describe('area data (MCA 2024, root 86)', async () => {
  const tree = await loadAreaTree();

  it('has the 34 province-level units under 86 and the districts under their city', () => {
    expect(childrenOf(tree)).toHaveLength(34);
    expect(childrenOf(tree).find((p) => p.value === '440000')?.label).toBe('广东省');
    expect(childrenOf(tree, '440300').map((d) => d.label)).toContain('南山区');
  });

  it('finds the path of a district, and of a county without a prefecture', () => {
    expect(pathOf(tree, '440305')).toEqual(['440000', '440300', '440305']);
    expect(areaText(tree, '440305')).toBe('广东省 深圳市 南山区');
    expect(pathOf(tree, '110101')).toEqual(['110000', '110101']);
    expect(areaText(tree, '110101', '')).toBe('北京市东城区');
    expect(pathOf(tree, '999999')).toEqual([]);
    expect(pathOf(tree, '')).toEqual([]);
  });

  it('nests the cascader options three levels deep', () => {
    const gd = cascaderOptions(tree).find((p) => p.value === '440000');
    expect(gd?.children?.find((c) => c.value === '440300')?.children?.some((d) => d.value === '440305')).toBe(true);
  });

  it('falls back to the cascader and flags an invalid type', () => {
    expect(resolveAreaType(undefined)).toEqual({ type: 'cascader', bad: false });
    expect(resolveAreaType('select')).toEqual({ type: 'select', bad: false });
    expect(resolveAreaType('radio')).toEqual({ type: 'cascader', bad: true });
  });
});
