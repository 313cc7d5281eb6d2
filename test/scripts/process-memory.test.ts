// The benchmark's memory sampler (scripts/bench/shared/process-memory.ts): what each process under `pulumi`
// is, and the peak of every process of a tree, children included, read from /proc.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { peakByRole, roleOf, TreeMemorySampler } from "../../scripts/bench/shared/process-memory";

describe("roleOf", () => {
  it("names the engine, the language hosts, the program, the dynamic provider and the plugin", () => {
    expect(roleOf(["pulumi", "up", "--yes"])).toBe("engine");
    expect(roleOf(["/x/bin/pulumi-language-nodejs", "127.0.0.1:1"])).toBe("language host");
    expect(roleOf(["/x/bin/pulumi-language-yaml", "127.0.0.1:1"])).toBe("language host");
    expect(roleOf(["node", "/x/@pulumi/pulumi/cmd/run/index.js", "--monitor"])).toBe("program");
    expect(roleOf(["node", "/x/@pulumi/pulumi/cmd/dynamic-provider/index.js"])).toBe(
      "dynamic provider",
    );
    expect(roleOf(["/bin/sh", "/x/pulumi-resource-pulumi-nodejs", "127.0.0.1:1"])).toBe(
      "dynamic provider",
    );
    expect(
      roleOf(["node", "/h/plugins/resource-collectors-v0.1.0/pulumi-resource-collectors.js"]),
    ).toBe("plugin");
    expect(roleOf(["git", "status"])).toBe("other");
  });
});

describe("TreeMemorySampler", () => {
  it("keeps the peak of a process and of its children", async () => {
    // A shell whose child (not exec'd: a command follows it) holds ~64 MiB for a moment.
    const child = spawn(
      "sh",
      [
        "-c",
        `${process.execPath} -e "const b = Buffer.alloc(64 << 20, 1); setTimeout(() => b, 1500)"; true`,
      ],
      { stdio: "ignore" },
    );
    const sampler = new TreeMemorySampler(child.pid as number, 100);
    await new Promise((resolve) => child.on("exit", resolve));
    const peaks = sampler.stop();
    expect(peaks.map((p) => p.pid)).toContain(child.pid);
    // The shell's child: the node process, found under the shell and measured with its buffer.
    const node = peaks.find((p) => p.pid !== child.pid && p.command.includes("Buffer.alloc"));
    expect(node?.peakKb).toBeGreaterThan(64 * 1024);
    expect(peakByRole(peaks).get("other")).toBe(Math.max(...peaks.map((p) => p.peakKb)));
  });
});
