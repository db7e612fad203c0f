import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setFeedbackApi, type FeedbackApi } from '../../feedback/feedback';
import { ImageListUpload } from './ImageListUpload';
import { keepLast, moveImage, pathsOf } from './imageList';
import { UploadPopup } from './UploadPopup';
import { setupEnglishUi, stubLayoutApis } from '../../../test/jsdom';

stubLayoutApis();

const warning = vi.fn();
const noop = { success: vi.fn(), error: vi.fn(), warning, info: vi.fn() };

setupEnglishUi('widgets', () => warning.mockReset());
beforeAll(() => {
  setFeedbackApi({ message: noop, notification: noop, modal: { ...noop, confirm: vi.fn() } } as unknown as FeedbackApi);
});

describe('image list rules (SPEC §4, §8)', () => {
  it('keeps the last N files when a limit above 0 is set', () => {
    expect(keepLast(['a', 'b', 'c'], 2)).toEqual(['b', 'c']);
    expect(keepLast(['a', 'b', 'c'], 0)).toEqual(['a', 'b', 'c']);
    expect(pathsOf(' a.png, ,b.png ')).toEqual(['a.png', 'b.png']);
  });

  it('moves images one place, refusing the first earlier and the last later', () => {
    expect(moveImage(['a', 'b', 'c'], 1, 'first')).toEqual({ paths: ['b', 'a', 'c'] });
    expect(moveImage(['a', 'b', 'c'], 1, 'last')).toEqual({ paths: ['a', 'c', 'b'] });
    expect(moveImage(['a', 'b', 'c'], 0, 'first')).toEqual({ refused: 'unknownOperation' });
    expect(moveImage(['a', 'b', 'c'], 2, 'last')).toEqual({ refused: 'atEnd' });
  });
});

describe('ImageListUpload', () => {
  it('moves images with the §8 messages at either end', () => {
    const onChange = vi.fn();
    render(<ImageListUpload value="temp/a.png,temp/b.png" onChange={onChange} />);
    fireEvent.click(screen.getAllByTestId('image-list-upload-first')[0]);
    expect(warning).toHaveBeenLastCalledWith('Unknown operation');
    fireEvent.click(screen.getAllByTestId('image-list-upload-last')[1]);
    expect(warning).toHaveBeenLastCalledWith('Already at the end');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByTestId('image-list-upload-last')[0]);
    expect(onChange).toHaveBeenLastCalledWith('temp/b.png,temp/a.png');
    fireEvent.click(screen.getAllByTestId('image-list-upload-remove')[0]);
    expect(onChange).toHaveBeenLastCalledWith('temp/b.png');
  });

  it('refuses a file whose type is not an image', async () => {
    const onChange = vi.fn();
    const { container } = render(<ImageListUpload value="" onChange={onChange} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(warning).toHaveBeenCalledWith('Please upload an image'));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('UploadPopup', () => {
  it("OK with no file uploaded warns 'No file uploaded' and hands nothing over", async () => {
    const onOk = vi.fn();
    render(<UploadPopup open onOk={onOk} onCancel={() => undefined} />);
    fireEvent.click(await screen.findByTestId('upload-popup-ok'));
    expect(warning).toHaveBeenLastCalledWith('No file uploaded');
    expect(onOk).not.toHaveBeenCalled();
  });
});
