// The export's read progress: plain lines without a terminal, one line redrawn by cli-progress on
// one, whose last state stays on a line of its own.
import { PassThrough } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { progressOn } from "../../../cli/shared/progress";
import { recorder } from "../harness";

/** A stream that says it is a terminal, and keeps what was written to it. */
function fakeTerminal() {
  const stream = new PassThrough() as PassThrough & { isTTY: boolean; columns: number };
  stream.isTTY = true;
  stream.columns = 80;
  let written = "";
  stream.on("data", (chunk: Buffer) => {
    written += chunk.toString();
  });
  return { stream: stream as unknown as NodeJS.WriteStream, written: () => written };
}

describe("the export's read progress", () => {
  it("without a terminal: a line at the start, one every 5 s, one at the end", () => {
    const output = recorder();
    let clock = 0;
    const progress = progressOn(output, () => clock);
    progress.note("Reading the collectors…");
    progress.start(3, "collectors' sources read");
    progress.tick();
    clock = 5_000;
    progress.tick();
    clock = 6_000;
    progress.tick();
    progress.done();
    expect(output.stderr).toEqual([
      "Reading the collectors…",
      "0/3 collectors' sources read",
      "2/3 collectors' sources read",
      "3/3 collectors' sources read",
    ]);
  });

  it("on a terminal: the count redrawn in place, the last state left on its own line", () => {
    const terminal = fakeTerminal();
    const output = { ...recorder(), liveStream: terminal.stream };
    const progress = progressOn(output);
    progress.start(2, "collectors' sources read");
    progress.tick();
    progress.tick();
    progress.done();
    expect(output.stderr).toEqual([]);
    // What stays on the screen, the cursor moves and line clears taken out.
    const shown = stripVTControlCharacters(terminal.written())
      .replaceAll("\u001b7", "") // save and restore the cursor
      .replaceAll("\u001b8", "");
    // One line: redrawn at most 8 times a second, so the middle state may or may not show.
    expect(shown).toMatch(
      /^0\/2 collectors' sources read(1\/2 collectors' sources read)?2\/2 collectors' sources read\n$/,
    );
  });
});
