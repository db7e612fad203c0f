/**
 * The devices the alarm clock must visit, by due time (engine `nextDeadline`, ms epoch): a binary
 * min-heap of `[due, deviceId]` with the current due time of each device in a map. Changing a
 * device's due time pushes a new entry and leaves the old one in the heap, recognised as stale
 * when it surfaces (its due time is no longer the device's) — O(log n) per change, and a tick
 * costs O(k log n) for the k devices due, whatever the number of devices waiting.
 */
export class DeadlineQueue {
  private readonly heap: [due: number, deviceId: string][] = [];
  private readonly dueOf = new Map<string, number>();

  /** Devices with a due time. */
  get size(): number {
    return this.dueOf.size;
  }

  /** The due time of `deviceId`, undefined when it has none. */
  get(deviceId: string): number | undefined {
    return this.dueOf.get(deviceId);
  }

  /** Sets (or with null removes) the due time of `deviceId`, ms epoch. */
  set(deviceId: string, due: number | null): void {
    if (due === null) {
      this.dueOf.delete(deviceId);
      return;
    }
    if (this.dueOf.get(deviceId) === due) return;
    this.dueOf.set(deviceId, due);
    this.push([due, deviceId]);
    // stale entries are dropped when they surface; bound them if changes far outnumber devices
    if (this.heap.length > 2 * this.dueOf.size + 1024) this.rebuild();
  }

  /** The earliest due time, undefined when no device waits. */
  peek(): number | undefined {
    this.dropStale();
    return this.heap[0]?.[0];
  }

  /** Removes and answers the devices due at or before `now`, earliest first. */
  popDue(now: number): string[] {
    const due: string[] = [];
    for (;;) {
      this.dropStale();
      const top = this.heap[0];
      if (!top || top[0] > now) return due;
      this.pop();
      this.dueOf.delete(top[1]);
      due.push(top[1]);
    }
  }

  private dropStale(): void {
    for (let top = this.heap[0]; top && this.dueOf.get(top[1]) !== top[0]; top = this.heap[0]) this.pop();
  }

  private rebuild(): void {
    this.heap.length = 0;
    for (const [id, due] of this.dueOf) this.push([due, id]);
  }

  private push(entry: [number, string]): void {
    const h = this.heap;
    h.push(entry);
    for (let i = h.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (h[parent]![0] <= entry[0]) break;
      h[i] = h[parent]!;
      h[parent] = entry;
      i = parent;
    }
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop()!;
    if (h.length === 0) return;
    h[0] = last;
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && h[l]![0] < h[m]![0]) m = l;
      if (r < h.length && h[r]![0] < h[m]![0]) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
}
