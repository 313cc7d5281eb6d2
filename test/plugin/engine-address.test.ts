// Where the engine that started a provider process serves (provider/resources/steps/
// engine-address.ts): the engine's address among the arguments it passes a plugin, and the
// engine's dynamic-provider host told apart from every other process.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  engineAddressIn,
  hostEngineAddress,
  inProviderHost,
} from "../../provider/resources/steps/engine-address";

describe("engineAddressIn", () => {
  it("is the first argument that is not a flag, after the engine's flags", () => {
    expect(engineAddressIn(["127.0.0.1:40123"])).toBe("127.0.0.1:40123");
    expect(
      engineAddressIn([
        "--logtostderr",
        "-v=9",
        "--tracing",
        "http://127.0.0.1:9411/api/v1/spans",
        "127.0.0.1:40123",
      ]),
    ).toBe("127.0.0.1:40123");
    // --tracing takes the next argument even when it looks like an address.
    expect(engineAddressIn(["--tracing", "127.0.0.1:9411", "127.0.0.1:1"])).toBe("127.0.0.1:1");
    expect(engineAddressIn(["-v", "9", "localhost:5"])).toBe("localhost:5");
    expect(engineAddressIn(["--tracing=127.0.0.1:9411", "[::1]:4000"])).toBe("[::1]:4000");
    expect(engineAddressIn(["--", "127.0.0.1:7"])).toBe("127.0.0.1:7");
  });

  it("is none without one (tests, a debugger's Attach) or when the argument is no address", () => {
    expect(engineAddressIn([])).toBeUndefined();
    expect(engineAddressIn(["--logtostderr", "-v=9"])).toBeUndefined();
    expect(engineAddressIn(["--tracing", "127.0.0.1:9411"])).toBeUndefined();
    expect(engineAddressIn(["serve"])).toBeUndefined();
    expect(engineAddressIn(["/tmp/file:1"])).toBeUndefined();
  });
});

describe("hostEngineAddress", () => {
  const HOST = "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js";

  it("is the engine's address in the engine's dynamic-provider host only", () => {
    expect(hostEngineAddress(["node", HOST, "127.0.0.1:40123"])).toBe("127.0.0.1:40123");
    expect(hostEngineAddress(["node", HOST, "--logtostderr", "-v=9", "127.0.0.1:40123"])).toBe(
      "127.0.0.1:40123",
    );
    expect(hostEngineAddress(["node", HOST])).toBeUndefined();
    // The language host running a program (and the SDK's mocks), a test runner, the plugin.
    expect(
      hostEngineAddress(["node", "/p/node_modules/@pulumi/pulumi/cmd/run", "127.0.0.1:40123"]),
    ).toBeUndefined();
    expect(hostEngineAddress(["node", "/p/pulumi-resource-collectors.js", "127.0.0.1:1"])).toBe(
      undefined,
    );
    expect(hostEngineAddress()).toBeUndefined();
  });

  it("recognises the host of the @pulumi/pulumi installed, by its script or its folder", () => {
    const sdk = join(__dirname, "../../node_modules/@pulumi/pulumi");
    const hostScript = join(sdk, "cmd/dynamic-provider/index.js");
    expect(hostEngineAddress(["node", hostScript, "127.0.0.1:41234"])).toBe("127.0.0.1:41234");
    expect(hostEngineAddress(["node", join(sdk, "cmd/dynamic-provider"), "127.0.0.1:1"])).toBe(
      "127.0.0.1:1",
    );
    expect(hostEngineAddress(["node", "/usr/bin/vitest", "127.0.0.1:41234"])).toBe(undefined);
    expect(hostEngineAddress(["node", hostScript])).toBe(undefined);
    expect(inProviderHost()).toBe(false);
  });
});
