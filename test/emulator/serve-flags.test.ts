// `collectors serve` passes issue 9's flags through: --body-timeout (seconds) and
// --auth-failures-per-minute reach the service, and an accounts file with ':' in an access id
// stops it before it listens (exit 2), naming the flag, the file, the entry and the fix.
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../helpers/envelope";
import { ApiClient, basicAuth, type Credentials } from "../helpers/http";
import { tempDir } from "./harness";
import { BIN, ensureBuilt, REPO, type ServeProcess, startServe } from "./serve-process";

const CREDS: Credentials = { accessId: "suFlagsTest0001", accessKey: "flags-test-key-0001" };

/** Sends the head of a request and part of its body, then waits for the service to answer. */
function halfRequest(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(
        `POST /api/v1/collectors HTTP/1.1\r\nHost: x\r\nAuthorization: ${basicAuth(CREDS)}\r\n` +
          "Content-Type: application/json\r\nContent-Length: 50\r\n\r\n{",
      ),
    );
    let out = "";
    socket.on("data", (d) => {
      out += d.toString();
    });
    socket.on("close", () => resolve(out));
    socket.on("error", reject);
    setTimeout(() => socket.destroy(), 10_000);
  });
}

describe("collectors serve flags", () => {
  const dir = tempDir("collectors-flags-");
  let proc: ServeProcess | undefined;

  beforeAll(() => ensureBuilt(), 180_000);
  afterAll(async () => {
    if (proc && proc.child.exitCode === null) {
      proc.child.kill("SIGTERM");
      await proc.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("--body-timeout and --auth-failures-per-minute reach the service", async () => {
    proc = await startServe([
      "--port",
      "0",
      "--body-timeout",
      "0.3",
      "--auth-failures-per-minute",
      "1",
      "--access-id",
      CREDS.accessId,
      "--access-key",
      CREDS.accessKey,
    ]);
    const answer = await halfRequest(proc.url);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/"code":"request.timeout"/);
    const wrong = new ApiClient(proc.url, { ...CREDS, accessKey: "wrong" });
    expectError(await wrong.get("/collectors"), 401, "unauthorized");
    const locked = await new ApiClient(proc.url, CREDS).get("/collectors");
    expectError(locked, 401, "unauthorized");
    expect(locked.json.message).toMatch(/too many authentications/);
  });

  it("refuses an accounts file with ':' in an access id before listening", () => {
    const file = join(dir, "accounts.json");
    writeFileSync(
      file,
      JSON.stringify({
        accounts: [
          {
            name: "acme",
            deployment: "us1",
            type: "Enterprise",
            users: [{ accessId: "acme:ops", accessKey: "k", role: "manage" }],
          },
        ],
      }),
    );
    const run = spawnSync(process.execPath, [BIN, "serve", "--port", "0", "--accounts", file], {
      cwd: REPO,
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(2); // a usage error, like the other flags'
    expect(run.stderr).toContain(`--accounts ${file}: `);
    expect(run.stderr).toMatch(
      /accounts\[0\]\.users\[0\]\.accessId "acme:ops" contains ':'.*choose an access id without ':'/,
    );
  });
});
