import { describe, expect, it } from 'vitest';
import { dragTrace } from './self-service.fixture';
import { judgeSliderDrag } from './slider-captcha.service';

describe('judgeSliderDrag (slider plausibility, SLIDER_POLICY)', () => {
  it('accepts a drag from the start past the end over a human duration', () => {
    expect(judgeSliderDrag(260, dragTrace(260), 5_000)).toBeNull();
  });
  it('names the first rule a drag breaks', () => {
    expect(judgeSliderDrag(50, dragTrace(50), 5_000)).toBe('width');
    expect(judgeSliderDrag(260, dragTrace(260).slice(0, 3), 5_000)).toBe('points');
    expect(judgeSliderDrag(260, dragTrace(260).reverse(), 5_000)).toBe('timeOrder');
    expect(
      judgeSliderDrag(
        260,
        [
          { x: 0, t: 0 },
          { x: 1, t: 100 },
          { x: 2, t: 200 },
          { x: 3, t: 300 },
          { x: 260, t: 400 },
        ],
        5_000,
      ),
    ).toBe('jump');
    expect(
      judgeSliderDrag(
        260,
        dragTrace(260).map((p) => ({ ...p, x: p.x + 60 })),
        5_000,
      ),
    ).toBe('start');
    expect(judgeSliderDrag(260, dragTrace(250), 5_000)).toBe('end');
    expect(judgeSliderDrag(260, dragTrace(260, 30, 80), 5_000)).toBe('duration');
    expect(judgeSliderDrag(260, dragTrace(260, 30, 9_000), 1_000)).toBe('predates');
  });
});
