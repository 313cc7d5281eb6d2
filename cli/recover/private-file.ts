// A file only this user can read, in a folder of its own, removed on every way out of its use:
// the deployment --run hands to `pulumi stack import` holds the stack's whole state (its
// ciphertexts, its secrets provider's settings), which no one else should read. Its use ending,
// well or with an error, removes it; so does the process ending mid-use: a second Ctrl-C
// (`process.exit` in cli/shared/action.ts) and SIGTERM, which would otherwise end the process
// without running any `finally`.
import { rmSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The exit code of a process ended by SIGTERM (128 + 15), as a shell reports it. */
const TERMINATED = 128 + 15;

/** Writes `content` to `name` in a fresh private folder, runs `use` with its path, removes both. */
export async function withPrivateFile<T>(
  name: string,
  content: string,
  use: (path: string) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), "collectors-recover-")); // mode 0700
  // 'exit' listeners run on process.exit and on the last event; they must be synchronous.
  const removeNow = () => rmSync(folder, { recursive: true, force: true });
  const terminated = () => process.exit(TERMINATED);
  process.on("exit", removeNow);
  process.on("SIGTERM", terminated);
  try {
    const path = join(folder, name);
    await writeFile(path, content, { mode: 0o600, flag: "wx" });
    return await use(path);
  } finally {
    process.off("SIGTERM", terminated);
    process.off("exit", removeNow);
    await rm(folder, { recursive: true, force: true });
  }
}
