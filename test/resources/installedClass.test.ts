// The InstalledCollector class under pulumi.runtime.setMocks: what it registers, including the
// two hidden inputs the provider needs from the program (its URN for progress lines, its
// customTimeouts for the upgrade wait), whose URN must be the one the engine gives it.
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import * as collectors from "../../provider";

const inputsByName = new Map<string, Record<string, unknown>>();
const typeByName = new Map<string, string>();

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        inputsByName.set(args.name, args.inputs);
        typeByName.set(args.name, args.type);
        return {
          id: `${args.name}-id`,
          state: { ...args.inputs, name: "web-01", collectorVersion: "19.470-4" },
        };
      },
      call: () => ({}),
    },
    "fleet",
    "dev",
    false,
  );
});

const value = <T>(output: pulumi.Output<T>) => new Promise<T>((resolve) => output.apply(resolve));

class Site extends pulumi.ComponentResource {
  constructor(name: string) {
    super("acme:fleet:Site", name);
  }
}

describe("InstalledCollector class", () => {
  it("registers its args under its type token, with its own URN as a hidden input", async () => {
    const c = new collectors.InstalledCollector("web", {
      adopt: { name: "web-01" },
      version: "19.470-4",
      targetCpu: 40,
    });
    const urn = await value(c.urn);
    expect(urn).toBe(
      "urn:pulumi:dev::fleet::pulumi-nodejs:dynamic/collectors:InstalledCollector::web",
    );
    expect(typeByName.get("web")).toBe("pulumi-nodejs:dynamic/collectors:InstalledCollector");
    const { __provider, ...inputs } = inputsByName.get("web") ?? {};
    expect(typeof __provider).toBe("string");
    expect(inputs).toEqual({
      adopt: { name: "web-01" },
      version: "19.470-4",
      targetCpu: 40,
      __urn: urn,
      __autoname: "web",
    });
    expect(await value(c.collectorVersion)).toBe("19.470-4");
  });

  it("computes the URN a parent gives it, and passes customTimeouts on", async () => {
    const site = new Site("berlin");
    const c = new collectors.InstalledCollector(
      "edge",
      { adopt: { id: 42 } },
      { parent: site, customTimeouts: { create: "40m", update: "10m", delete: "1m" } },
    );
    const urn = await value(c.urn);
    const inputs = inputsByName.get("edge") ?? {};
    expect(inputs.__urn).toBe(urn);
    expect(inputs.__urn).toBe(
      "urn:pulumi:dev::fleet::acme:fleet:Site$pulumi-nodejs:dynamic/collectors:InstalledCollector::edge",
    );
    expect(inputs.__timeouts).toEqual({ create: "40m", update: "10m" });
  });
});
