// `collectors serve --json` prints one JSON line when it accepts connections — endpoint, access
// id and key, pid — so a test in any language can start it as a process and find it; nothing
// else reaches stdout, and SIGTERM stops it.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import { createInterface } from "node:readline";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ACCESS_ID, DEV_ACCESS_KEY } from "../../emulator";
import { call } from "../helpers/http";
import { tempDir } from "./harness";
import { BIN, ensureBuilt, REPO } from "./serve-process";

interface ReadyLine {
  endpoint: string;
  accessId: string;
  accessKey: string;
  pid: number;
  dataDir: string | null;
}

/** Starts `collectors serve --json <args>` and resolves with its first stdout line, parsed. */
async function serveJson(args: string[]) {
  const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--json", ...args], {
    cwd: REPO,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines = createInterface({ input: child.stdout });
  const [first] = (await once(lines, "line")) as [string];
  const rest: string[] = [];
  lines.on("line", (line) => rest.push(line));
  const stop = async () => {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code] = await exited;
    return { code, rest };
  };
  return { child, ready: JSON.parse(first) as ReadyLine, stop };
}

describe("collectors serve --json", () => {
  beforeAll(() => ensureBuilt(), 180_000);

  it("prints where it listens and how to sign in, as one JSON line", async () => {
    const { child, ready, stop } = await serveJson([]);
    try {
      expect(ready).toEqual({
        endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/),
        accessId: DEV_ACCESS_ID,
        accessKey: DEV_ACCESS_KEY,
        pid: child.pid,
        dataDir: null,
      });
      const res = await call(`${ready.endpoint}/collectors`, {
        auth: { accessId: ready.accessId, accessKey: ready.accessKey },
      });
      expect(res.status).toBe(200);
    } finally {
      const { code, rest } = await stop();
      expect(code).toBe(0);
      expect(rest, "nothing but the ready line on stdout").toEqual([]);
    }
  }, 60_000);

  it("names the credentials and the data folder it was given", async () => {
    const dataDir = tempDir("collectors-ready-line-");
    const { ready, stop } = await serveJson([
      "--access-id",
      "suReadyLine0001",
      "--access-key",
      "ready-line-key-0001",
      "--data",
      dataDir,
    ]);
    try {
      expect(ready).toMatchObject({
        accessId: "suReadyLine0001",
        accessKey: "ready-line-key-0001",
        dataDir,
      });
    } finally {
      expect((await stop()).code).toBe(0);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
