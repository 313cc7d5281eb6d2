// A matrix of checks (row × column, per front end) whose every cell is recorded from a real
// assertion: `check` runs the cell's own assertions and records pass, or fail with the message,
// without stopping the other cells; `notApplicable` records n/a with its reason. The test that
// checked cells ends with `expectPassed` on them, so that it fails with its own cells (a run
// filtered to it is red too). At the end, `table()` prints rows × columns per front end and
// `failures()` lists every cell that failed or was never recorded: a missing cell is a failure,
// not a pass.

export type CellResult =
  | { status: "pass"; note?: string }
  /** `why`: the message's first line, for the table; `message`: all of it, for the test. */
  | { status: "fail"; why: string; message: string }
  | { status: "n/a"; why: string };

/** A cell's assertions; a string it returns is a note printed with the table (what was seen). */
export type CellCheck = () => unknown;

const MARK: Record<CellResult["status"], string> = { pass: "ok", fail: "FAIL", "n/a": "n/a" };

/** What the rows and columns are, for the table's header and its figures. */
export interface MatrixLabels {
  row: string;
  rows: string;
  columns: string;
}

export class Matrix {
  private readonly cells = new Map<string, CellResult>();

  constructor(
    readonly frontEnds: readonly string[],
    readonly rows: readonly string[],
    readonly columns: readonly string[],
    readonly labels: MatrixLabels = { row: "kind", rows: "kinds", columns: "invariants" },
  ) {}

  private key(frontEnd: string, row: string, column: string): string {
    for (const [value, within] of [
      [frontEnd, this.frontEnds],
      [row, this.rows],
      [column, this.columns],
    ] as const) {
      if (!within.includes(value)) throw new Error(`${value} is not one of ${within.join(", ")}`);
    }
    return `${frontEnd}\u0000${row}\u0000${column}`;
  }

  private record(frontEnd: string, row: string, column: string, result: CellResult): void {
    const key = this.key(frontEnd, row, column);
    // A cell checked twice keeps a failure: a later pass must not hide it.
    if (this.cells.get(key)?.status === "fail") return;
    this.cells.set(key, result);
  }

  /** Runs the cell's assertions; a throw is the cell's failure. Returns whether it passed. */
  async check(
    frontEnd: string,
    row: string,
    column: string,
    assertions: CellCheck,
  ): Promise<boolean> {
    try {
      const note = await assertions();
      this.record(frontEnd, row, column, {
        status: "pass",
        ...(typeof note === "string" ? { note } : {}),
      });
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const why = message.split("\n")[0] ?? message;
      this.record(frontEnd, row, column, { status: "fail", why, message });
      return false;
    }
  }

  notApplicable(frontEnd: string, row: string, column: string, why: string): void {
    this.record(frontEnd, row, column, { status: "n/a", why });
  }

  get(frontEnd: string, row: string, column: string): CellResult | undefined {
    return this.cells.get(this.key(frontEnd, row, column));
  }

  /** Cells by status, over every cell the matrix should hold (unrecorded ones as "missing"). */
  counts(): { total: number; pass: number; fail: number; na: number; missing: number } {
    const counts = { total: 0, pass: 0, fail: 0, na: 0, missing: 0 };
    for (const frontEnd of this.frontEnds) {
      for (const row of this.rows) {
        for (const column of this.columns) {
          counts.total++;
          const status = this.get(frontEnd, row, column)?.status;
          if (status === "pass") counts.pass++;
          else if (status === "fail") counts.fail++;
          else if (status === "n/a") counts.na++;
          else counts.missing++;
        }
      }
    }
    return counts;
  }

  /** "front end / row / column: why" of every failed or missing cell. */
  failures(): string[] {
    return this.frontEnds.flatMap((frontEnd) =>
      this.failedAmong(frontEnd, this.rows, this.columns),
    );
  }

  /**
   * Throws, with the whole message of each, when a cell of `rows` × `columns` failed or was
   * never checked (n/a passes): the last step of the test that checks those cells, which then
   * fails with them, not only the matrix's last test.
   */
  expectPassed(frontEnd: string, rows: readonly string[], columns: readonly string[]): void {
    const failed = this.failedAmong(frontEnd, rows, columns, "message");
    if (failed.length === 0) return;
    const cells = failed.length === 1 ? "1 cell" : `${failed.length} cells`;
    throw new Error(`${cells} of ${frontEnd} failed:\n\n${failed.join("\n\n")}`);
  }

  private failedAmong(
    frontEnd: string,
    rows: readonly string[],
    columns: readonly string[],
    said: "why" | "message" = "why",
  ): string[] {
    const out: string[] = [];
    for (const row of rows) {
      for (const column of columns) {
        const cell = this.get(frontEnd, row, column);
        if (!cell) out.push(`${frontEnd} / ${row} / ${column}: never checked`);
        else if (cell.status === "fail")
          out.push(`${frontEnd} / ${row} / ${column}: ${cell[said]}`);
      }
    }
    return out;
  }

  /** The table per front end, then each n/a reason and note once with its cells, the figures. */
  table(): string {
    const { row: rowLabel, rows: rowsLabel, columns: columnsLabel } = this.labels;
    const width = Math.max(...this.rows.map((row) => row.length), rowLabel.length);
    const cols = this.columns.map((c) => Math.max(c.length, 4));
    const lines: string[] = [];
    const reasons = new Map<string, string[]>();
    const notes = new Map<string, string[]>();
    for (const frontEnd of this.frontEnds) {
      lines.push(`\n${frontEnd}`);
      lines.push(
        `${rowLabel.padEnd(width)}  ${this.columns.map((c, i) => c.padEnd(cols[i] ?? 0)).join("  ")}`,
      );
      for (const row of this.rows) {
        const marks = this.columns.map((column, i) => {
          const cell = this.get(frontEnd, row, column);
          const said = cell && (cell.status === "pass" ? cell.note : cell.why);
          if (cell && said) {
            const into = cell.status === "pass" ? notes : reasons;
            const key = `${column}: ${said}`;
            into.set(key, [...(into.get(key) ?? []), `${frontEnd}/${row}`]);
          }
          return (cell ? MARK[cell.status] : "-").padEnd(cols[i] ?? 0);
        });
        lines.push(`${row.padEnd(width)}  ${marks.join("  ")}`.trimEnd());
      }
    }
    if (reasons.size > 0) lines.push("\nnot passing, and why:");
    for (const [why, where] of reasons) lines.push(`- ${why} [${where.join(", ")}]`);
    if (notes.size > 0) lines.push("\nwhat passing cells saw:");
    for (const [note, where] of notes) lines.push(`- ${note} [${where.join(", ")}]`);
    const { total, pass, fail, na, missing } = this.counts();
    lines.push(
      `\n${this.rows.length} ${rowsLabel} × ${this.columns.length} ${columnsLabel} × ` +
        `${this.frontEnds.length} ` +
        `front ends = ${total} cells: ${pass} passed, ${na} n/a, ${fail} failed, ${missing} never checked`,
    );
    return lines.join("\n");
  }
}
