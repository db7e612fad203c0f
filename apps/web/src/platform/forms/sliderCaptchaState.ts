/**
 * State machine of the slider captcha (SPEC §4 "Slider captcha: idle, dragging, success when
 * dragged beyond max width (locked, text verified); early release resets"). Pure, so it is unit
 * tested apart from the component (SliderCaptcha.tsx). `verifying` sits between the drag reaching
 * the end and the server's answer; a refusal goes back to idle like an early release.
 */

/** One point of the drag: x px from the start, t ms since the drag started (the server's trace format). */
export interface DragPoint {
  x: number;
  t: number;
}

export type SliderPhase = 'idle' | 'dragging' | 'verifying' | 'success';

export interface SliderState {
  phase: SliderPhase;
  /** Handle offset from the track start, px (0..max). */
  x: number;
  /** Pointer x and time where the drag started. */
  originX: number;
  originT: number;
  /** The drag's points, sent to the server when the end is reached. */
  trace: DragPoint[];
}

export type SliderEvent =
  | { type: 'down'; clientX: number; time: number }
  | { type: 'move'; clientX: number; time: number; max: number }
  | { type: 'up' }
  | { type: 'verified'; ok: boolean }
  | { type: 'reset' };

export const SLIDER_IDLE: SliderState = { phase: 'idle', x: 0, originX: 0, originT: 0, trace: [] };

/**
 * Next state of the slider for `event`:
 * - idle + down → dragging (trace starts at x 0);
 * - dragging + move → the handle follows the pointer within [0, max]; reaching max (dragged past
 *   the end) locks the handle at max and moves to verifying;
 * - dragging + up (released before the end) → idle, handle back at the start;
 * - verifying + verified → success (locked) or, refused, idle;
 * - any + reset → idle. Other events change nothing.
 */
export function sliderReducer(state: SliderState, event: SliderEvent): SliderState {
  switch (event.type) {
    case 'reset':
      return SLIDER_IDLE;
    case 'down':
      return state.phase === 'idle'
        ? { phase: 'dragging', x: 0, originX: event.clientX, originT: event.time, trace: [{ x: 0, t: 0 }] }
        : state;
    case 'move': {
      if (state.phase !== 'dragging' || event.max <= 0) return state;
      const raw = event.clientX - state.originX;
      const x = Math.min(Math.max(raw, 0), event.max);
      const point = {
        x: Math.round(Math.min(raw, event.max + 1) * 100) / 100,
        t: Math.max(0, Math.round(event.time - state.originT)),
      };
      const trace = [...state.trace, point];
      return raw >= event.max ? { ...state, phase: 'verifying', x: event.max, trace } : { ...state, x, trace };
    }
    case 'up':
      return state.phase === 'dragging' ? SLIDER_IDLE : state;
    case 'verified':
      if (state.phase !== 'verifying') return state;
      return event.ok ? { ...state, phase: 'success' } : SLIDER_IDLE;
  }
}
