// Progress of a long read on stderr: on a terminal one line redrawn in place, elsewhere (CI, a
// pipe) a line at the start, one every few seconds, and one at the end.
import type { Output } from "../shared/output";

export interface Progress {
  /** A one-off line: what is happening now. */
  note(text: string): void;
  /** Counting starts: `total` items, described by `what` ("collectors' sources read"). */
  start(total: number, what: string): void;
  tick(): void;
  done(): void;
}

const LINE_EVERY_MS = 5_000;

export function progressOn(output: Output, now: () => number = Date.now): Progress {
  const live = output.liveStream;
  let total = 0;
  let count = 0;
  let what = "";
  let lastLine = 0;
  const text = () => `${count}/${total} ${what}`;
  const draw = () => live?.write(`\r\x1b[2K${text()}`);
  return {
    note(line) {
      output.err(line);
    },
    start(n, description) {
      total = n;
      count = 0;
      what = description;
      lastLine = now();
      if (live) draw();
      else output.err(text());
    },
    tick() {
      count++;
      if (live) {
        draw();
      } else if (now() - lastLine >= LINE_EVERY_MS && count < total) {
        lastLine = now();
        output.err(text());
      }
    },
    done() {
      if (live) live.write(`\r\x1b[2K${text()}\n`);
      else output.err(text());
    },
  };
}
