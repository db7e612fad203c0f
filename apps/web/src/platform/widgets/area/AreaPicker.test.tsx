import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AreaPicker } from './AreaPicker';
import { setupEnglishUi, stubLayoutApis } from '../../../test/jsdom';

stubLayoutApis();

setupEnglishUi('widgets');

describe('AreaPicker', () => {
  it('shows the cascader path of the value and no warning for the default type', async () => {
    render(<AreaPicker value="440305" />);
    await waitFor(() => expect(screen.getByTestId('area-picker').textContent).toContain('广东省 / 深圳市 / 南山区'));
    expect(screen.queryByTestId('area-picker-bad-type')).toBeNull();
  });

  it('an invalid type falls back to the cascader and shows "Bad type value" in red', async () => {
    render(<AreaPicker type="radio" value="110101" />);
    const bad = screen.getByTestId('area-picker-bad-type');
    expect(bad.textContent).toBe('Bad type value');
    expect(bad.className).toContain('danger');
    await waitFor(() => expect(screen.getByTestId('area-picker').textContent).toContain('北京市 / 东城区'));
  });

  it('select mode shows one select per level and emits the last selected code', async () => {
    const onChange = vi.fn();
    render(<AreaPicker type="select" value="440305" onChange={onChange} />);
    await waitFor(() => expect(screen.getByTestId('area-picker').textContent).toContain('南山区'));
    expect(screen.getByTestId('area-picker').textContent).toContain('广东省');
    expect(screen.getByTestId('area-picker').textContent).toContain('深圳市');
    const district = screen.getByTestId('area-picker-district');
    fireEvent.mouseDown(district.closest('.ant-select')!.querySelector('input') ?? district);
    const option = await screen.findByTitle('福田区');
    fireEvent.click(option);
    expect(onChange).toHaveBeenLastCalledWith('440304');
  });
});
