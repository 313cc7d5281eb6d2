// Runs before every test file (setupFiles, vitest.config.mts). A worker runs its test files one
// after the other in one process (isolate: false there), so whatever state of the process one
// file leaves, the next one starts with. After each file this resets what any file may change
// through the package or Pulumi's SDK, and fails a file that leaves process.env changed (after
// putting it back, so that the files after it see the environment they would alone).
import * as pulumi from "@pulumi/pulumi";
import { afterAll, expect } from "vitest";
import { resetSharedState } from "../../provider/api";

/** The environment as the file found it: taken before the file's own code runs. */
const found: NodeJS.ProcessEnv = { ...process.env };
/** process.env itself: Node's, whose changes reach getenv() and whoever holds the object. */
const environment = process.env;

/** Puts the environment back in the same object (others may hold it), and says what differed. */
function restoreEnvironment(): string[] {
  const changed: string[] = [];
  for (const key of Object.keys(process.env)) {
    if (!Object.hasOwn(found, key)) {
      changed.push(`${key} added`);
      delete process.env[key];
    }
  }
  for (const [key, value] of Object.entries(found)) {
    if (process.env[key] !== value) {
      changed.push(`${key} ${process.env[key] === undefined ? "removed" : "changed"}`);
      process.env[key] = value;
    }
  }
  return changed;
}

afterAll(() => {
  // The client's state shared by every client of the process: cookie jars and what the service
  // said of each credential (by address and key), pacing queues (by access id), list answers. A
  // later file's service may listen on the same port with the same credentials.
  resetSharedState();
  // Pulumi's settings, which pulumi.runtime.setMocks sets for the whole process: its mock monitor,
  // project, stack and preview flag. Back to no monitor, as in a process that never set mocks.
  pulumi.runtime.resetOptions("project", "stack", -1, "", "", false, "");
  const replaced = process.env !== environment;
  process.env = environment;
  const changed = restoreEnvironment();
  expect(replaced, "the file replaced process.env: change it in place (vi.stubEnv)").toBe(false);
  expect(
    changed,
    "the file changed process.env and left it so: vi.stubEnv it, and vi.unstubAllEnvs() after",
  ).toEqual([]);
});
