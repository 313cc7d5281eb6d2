// Progress of a long read on stderr: on a terminal one line redrawn in place (cli-progress),
// elsewhere (CI, a pipe) a line at the start, one every few seconds, and one at the end.
import { SingleBar } from "cli-progress";
import type { Output } from "./output";

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
  let bar: SingleBar | undefined;
  const text = () => `${count}/${total} ${what}`;
  return {
    note(line) {
      output.err(line);
    },
    start(n, description) {
      total = n;
      count = 0;
      what = description;
      lastLine = now();
      if (live) {
        bar = new SingleBar({ stream: live, format: "{value}/{total} {what}", fps: 8 });
        bar.start(n, 0, { what });
      } else output.err(text());
    },
    tick() {
      count++;
      if (bar) {
        bar.increment();
      } else if (now() - lastLine >= LINE_EVERY_MS && count < total) {
        lastLine = now();
        output.err(text());
      }
    },
    done() {
      // On a terminal the last state stays, on a line of its own.
      if (bar) bar.stop();
      else output.err(text());
    },
  };
}
