// The benchmarks print their figures as markdown tables, so a run's output can be pasted into a
// page of docs/benchmarks/ as it is.

/** A markdown table: the header, its `---` row, then one line per row. */
export function markdownTable(
  head: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}
