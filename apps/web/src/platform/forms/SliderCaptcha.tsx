import { useEffect, useReducer, useRef, type PointerEvent, type ReactNode } from 'react';
import { CheckOutlined, DoubleRightOutlined, LoadingOutlined } from '@ant-design/icons';
import { SLIDER_IDLE, sliderReducer, type DragPoint, type SliderPhase } from './sliderCaptchaState';
import styles from './SliderCaptcha.module.css';

/** Texts of the slider in the page's language. */
export interface SliderCaptchaTexts {
  idle: string;
  verifying: string;
  success: string;
}

export interface SliderCaptchaProps {
  texts: SliderCaptchaTexts;
  /**
   * Called once the handle is dragged past the end, with the drag trace and the track's travel
   * (px); resolves true when the server accepted the drag (success, locked), false to reset.
   */
  onVerify: (trace: DragPoint[], width: number) => Promise<boolean>;
  /** Changing it resets the slider to idle (e.g. after the verified token was spent). */
  resetKey?: number;
  /** Called with the phase on every change (forms track "verified"). */
  onPhase?: (phase: SliderPhase) => void;
  invalid?: boolean;
  testId?: string;
}

/**
 * The slider captcha of SPEC §4, reusable: a track with a handle the user drags
 * to the right. States (sliderCaptchaState.ts): idle, dragging (the handle follows the pointer),
 * dragged past the end → locked while `onVerify` asks the server → success ("verified") or back to
 * idle; released before the end → back to idle. Pointer events with pointer capture, so mouse,
 * touch and pen work alike; the track takes its container's width (375 px phones included).
 */
export function SliderCaptcha({
  texts,
  onVerify,
  resetKey = 0,
  onPhase,
  invalid,
  testId = 'slider-captcha',
}: SliderCaptchaProps): ReactNode {
  const [state, dispatch] = useReducer(sliderReducer, SLIDER_IDLE);
  const track = useRef<HTMLDivElement>(null);
  const handle = useRef<HTMLDivElement>(null);
  const verify = useRef(onVerify);
  verify.current = onVerify;
  const phaseListener = useRef(onPhase);
  phaseListener.current = onPhase;

  useEffect(() => {
    dispatch({ type: 'reset' });
  }, [resetKey]);
  // once per phase change, whatever the caller's callback identity (an inline callback that sets
  // state re-ran this effect on every render: an endless render loop once verified, which kept
  // navigations from the page from rendering); braces: an effect returns nothing or a cleanup
  useEffect(() => {
    phaseListener.current?.(state.phase);
  }, [state.phase]);

  const max = (): number =>
    track.current && handle.current ? track.current.clientWidth - handle.current.offsetWidth : 0;

  // one server check per drag (the trace array is the drag's identity); its answer is dropped by
  // the reducer when the slider was reset meanwhile
  const checked = useRef<DragPoint[] | null>(null);
  useEffect(() => {
    if (state.phase !== 'verifying' || checked.current === state.trace) return;
    checked.current = state.trace;
    verify
      .current(state.trace, max())
      .catch(() => false)
      .then((ok) => dispatch({ type: 'verified', ok }));
  }, [state.phase, state.trace]);

  const down = (e: PointerEvent<HTMLDivElement>): void => {
    if (state.phase !== 'idle') return;
    e.currentTarget.setPointerCapture(e.pointerId);
    dispatch({ type: 'down', clientX: e.clientX, time: e.timeStamp });
  };
  const move = (e: PointerEvent<HTMLDivElement>): void => {
    if (state.phase === 'dragging') dispatch({ type: 'move', clientX: e.clientX, time: e.timeStamp, max: max() });
  };
  const up = (): void => dispatch({ type: 'up' });

  const done = state.phase === 'success';
  const text = done ? texts.success : state.phase === 'verifying' ? texts.verifying : texts.idle;
  const className = [styles.track, done ? styles.success : '', invalid && !done ? styles.invalid : ''].join(' ');
  return (
    <div ref={track} className={className} data-testid={testId} data-phase={state.phase}>
      <div className={styles.fill} style={{ width: state.x + 20 }} />
      <div className={styles.text} data-testid={`${testId}-text`}>
        {text}
      </div>
      <div
        ref={handle}
        role="slider"
        aria-label={texts.idle}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={done ? 100 : 0}
        aria-valuetext={text}
        tabIndex={0}
        className={styles.handle}
        style={{
          transform: `translateX(${state.x}px)`,
          transition: state.phase === 'idle' ? 'transform 0.3s' : 'none',
        }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        data-testid={`${testId}-handle`}
      >
        {done ? <CheckOutlined /> : state.phase === 'verifying' ? <LoadingOutlined /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
