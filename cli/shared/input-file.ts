// A document a command reads: a file, or stdin when the path is `-`. A path that cannot be read
// is a usage error that names what the command wanted there.
import { readFile } from "node:fs/promises";
import { UsageError } from "./output";

/** The text and a name for it in messages ("stdin", or the path); `what` fills the error. */
export async function readInput(
  file: string,
  what: string,
  readStdin: () => Promise<string>,
): Promise<{ text: string; source: string }> {
  if (file === "-") return { text: await readStdin(), source: "stdin" };
  try {
    return { text: await readFile(file, "utf8"), source: file };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "a directory" : code;
    throw new UsageError(
      `${file}: ${why ?? "unreadable"}; give the path of ${what}, or - to read it from stdin`,
    );
  }
}
