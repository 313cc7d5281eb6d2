// A file only this user can read, in a folder of its own, removed once used whether or not its
// use succeeded: the deployment --run hands to `pulumi stack import` holds the stack's whole state
// (its ciphertexts, its secrets provider's settings), which no one else should read.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Writes `content` to `name` in a fresh private folder, runs `use` with its path, removes both. */
export async function withPrivateFile<T>(
  name: string,
  content: string,
  use: (path: string) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), "collectors-recover-")); // mode 0700
  try {
    const path = join(folder, name);
    await writeFile(path, content, { mode: 0o600, flag: "wx" });
    return await use(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
