import { describe, expect, it } from 'vitest';
import { SLIDER_IDLE, sliderReducer, type SliderEvent, type SliderState } from './sliderCaptchaState';

const run = (events: SliderEvent[], from: SliderState = SLIDER_IDLE): SliderState => events.reduce(sliderReducer, from);

describe('slider captcha state machine (SPEC §4)', () => {
  it('idle → dragging on press; the handle follows the pointer within the track', () => {
    const s = run([
      { type: 'down', clientX: 100, time: 1000 },
      { type: 'move', clientX: 150, time: 1100, max: 200 },
    ]);
    expect(s).toMatchObject({ phase: 'dragging', x: 50 });
    expect(s.trace).toEqual([
      { x: 0, t: 0 },
      { x: 50, t: 100 },
    ]);
    expect(run([{ type: 'move', clientX: 40, time: 1200, max: 200 }], s).x).toBe(0);
  });

  it('early release resets to idle with the handle at the start', () => {
    expect(
      run([{ type: 'down', clientX: 0, time: 0 }, { type: 'move', clientX: 199, time: 300, max: 200 }, { type: 'up' }]),
    ).toEqual(SLIDER_IDLE);
  });

  it('dragged past the end: locked at max while the server verifies; success when it agrees', () => {
    const s = run([
      { type: 'down', clientX: 0, time: 0 },
      { type: 'move', clientX: 120, time: 200, max: 200 },
      { type: 'move', clientX: 230, time: 400, max: 200 },
    ]);
    expect(s).toMatchObject({ phase: 'verifying', x: 200 });
    expect(s.trace.at(-1)).toEqual({ x: 201, t: 400 });
    // further moves and a release change nothing while locked
    expect(run([{ type: 'move', clientX: 10, time: 500, max: 200 }, { type: 'up' }], s)).toBe(s);
    const ok = run([{ type: 'verified', ok: true }], s);
    expect(ok).toMatchObject({ phase: 'success', x: 200 });
    expect(run([{ type: 'down', clientX: 0, time: 0 }, { type: 'up' }], ok)).toBe(ok);
  });

  it('a refused drag goes back to idle; reset always does', () => {
    const s = run([
      { type: 'down', clientX: 0, time: 0 },
      { type: 'move', clientX: 300, time: 400, max: 200 },
    ]);
    expect(run([{ type: 'verified', ok: false }], s)).toEqual(SLIDER_IDLE);
    expect(run([{ type: 'verified', ok: true }, { type: 'reset' }], s)).toEqual(SLIDER_IDLE);
    expect(run([{ type: 'verified', ok: true }])).toEqual(SLIDER_IDLE);
  });
});
