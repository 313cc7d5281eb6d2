/** A timer due at a virtual time; `key` names what to do, `ref` the entity it concerns. */
export interface Timer {
  at: number;
  key: string;
  ref: number;
}

interface Entry extends Timer {
  seq: number;
}

/**
 * `at` is the time the timer was due, `now` the time `runDue` is catching up to. A handler that
 * sets its next timer computes it as of `now`, so a recurring timer jumps over the periods an
 * advance skipped instead of firing once per period (an advance costs O(timers), not
 * O(advance ÷ period)).
 */
export type TimerHandler = (ref: number, at: number, now: number) => void;

/**
 * Timers on the virtual clock. Nothing fires on its own: `runDue(now)` is called before every
 * request and on every clock advance, so anything observable has already happened by the time it
 * could be observed, timers fire in due order even after a jump of hours, and there are no
 * real-time callbacks to leak or race. Handlers re-check their condition (a heartbeat may have
 * arrived since the timer was set) and may set new timers.
 */
export class Scheduler {
  private readonly heap: Entry[] = [];
  private readonly handlers = new Map<string, TimerHandler>();
  private seq = 0;
  private running = false;

  /** `keepDue(error)`: whether a timer whose handler threw this stays due (a storage failure). */
  constructor(private readonly keepDue: (error: unknown) => boolean = () => false) {}

  on(key: string, handler: TimerHandler): void {
    this.handlers.set(key, handler);
  }

  at(at: number, key: string, ref: number): void {
    this.push({ at, key, ref, seq: this.seq++ });
  }

  get size(): number {
    return this.heap.length;
  }

  clear(): void {
    this.heap.length = 0;
  }

  /** Fires every timer due at or before `now`, earliest first; returns how many fired. */
  runDue(now: number): number {
    if (this.running) return 0; // a handler that triggers another runDue must not re-enter
    this.running = true;
    let fired = 0;
    try {
      for (let top = this.heap[0]; top !== undefined && top.at <= now; top = this.heap[0]) {
        this.pop();
        fired++;
        const handler = this.handlers.get(top.key);
        if (!handler) throw new Error(`no handler for timer ${top.key}`);
        try {
          handler(top.ref, top.at, now);
        } catch (error) {
          // Its write failed (the store is full or locked): the timer stays due, and the next
          // request or advance fires it again, rather than the event being lost. Any other
          // failure is a bug: the timer is dropped, so that it cannot fail every later request.
          if (this.keepDue(error)) this.push(top);
          throw error;
        }
      }
    } finally {
      this.running = false;
    }
    return fired;
  }

  private less(a: Entry, b: Entry): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(entry: Entry): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent] as Entry;
      if (!this.less(entry, p)) break;
      heap[i] = p;
      i = parent;
    }
    heap[i] = entry;
  }

  private pop(): void {
    const heap = this.heap;
    const last = heap.pop();
    if (last === undefined || heap.length === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = last;
      let at = -1;
      const l = heap[left];
      const r = heap[right];
      if (l !== undefined && this.less(l, smallest)) {
        smallest = l;
        at = left;
      }
      if (r !== undefined && this.less(r, smallest)) {
        smallest = r;
        at = right;
      }
      if (at < 0) break;
      heap[i] = smallest;
      i = at;
    }
    heap[i] = last;
  }
}
