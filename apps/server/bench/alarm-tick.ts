/**
 * Event-loop cost of the alarm clock with 10,000 devices whose conditions are pending (a duration
 * running), in process, without the database (the batch's SQL runs off the event loop's CPU):
 * - a tick when none is due: the deadline queue answers without visiting any device;
 * - a tick when a batch of 500 is due: taking them off the queue, the engine's `tick` (raise by
 *   silence) and `nextDeadline` of each, and noting the new deadlines;
 * - the old way for comparison: a pass over every device with the engine's `tick`.
 * One figure per line, median of the runs. Usage: `npm run bench:alarm-tick`.
 */
import { RuleTemplateSchema } from '@ztj/contracts';
import {
  emptyDeviceState,
  evaluate,
  nextDeadline,
  tick,
  type DeviceAlarmState,
  type EngineRule,
} from '../src/modules/alarms/engine';
import { DeadlineQueue } from '../src/modules/alarms/runtime/deadline-queue';

const DEVICES = 10_000;
const BATCH = 500;
const RUNS = 15;
const MIN = 60_000;

const rule: EngineRule = {
  id: 'template:bench',
  template: RuleTemplateSchema.parse({
    name: 'bench',
    category: 'environment',
    severity: 'H',
    conditions: [
      { type: 'duration', minutes: 30, condition: { type: 'range', param: 'P003', effect: 2, min: 2, max: 8 } },
      { type: 'offline', minutes: 60 },
    ],
  }),
};
const rules = [rule];
const t0 = Date.UTC(2026, 11, 2, 6);
const states = new Map<string, DeviceAlarmState>();
const queue = new DeadlineQueue();
for (let i = 0; i < DEVICES; i++) {
  const id = `BENCH${i}`;
  // first out-of-range reading spread over 10 minutes: deadlines spread the same way
  const s = evaluate(emptyDeviceState(id), rules, [{ ts: t0 + (i % 600) * 1000, values: { P003: 12 } }]).state;
  states.set(id, s);
  queue.set(id, nextDeadline(s, rules));
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = (f: () => void): number => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

const idle: number[] = [];
for (let r = 0; r < RUNS; r++) idle.push(time(() => queue.popDue(t0 + 29 * MIN)));

const due: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const q = new DeadlineQueue();
  for (const [id, s] of states) q.set(id, nextDeadline(s, rules));
  // the first 500 devices by deadline are due (their 30 minutes ran out)
  const now = t0 + 30 * MIN + Math.ceil(BATCH / 17) * 1000;
  due.push(
    time(() => {
      const ids = q.popDue(now).slice(0, BATCH);
      for (const id of ids) {
        const next = tick(states.get(id)!, rules, now);
        q.set(id, nextDeadline(next.state, rules));
      }
    }),
  );
}

const scan: number[] = [];
for (let r = 0; r < 3; r++)
  scan.push(
    time(() => {
      for (const s of states.values()) tick(s, rules, t0 + 29 * MIN);
    }),
  );

console.log(`devices with a pending duration: ${DEVICES}`);
console.log(`tick with none due (deadline queue): ${(median(idle) * 1000).toFixed(1)} µs`);
console.log(`tick with ${BATCH} due (queue + engine tick + next deadline): ${median(due).toFixed(2)} ms`);
console.log(`tick visiting all ${DEVICES} (engine tick each, the old way): ${median(scan).toFixed(2)} ms`);
