import { afterEach, describe, expect, it } from "vitest";
import { dispatchWith } from "../../provider/resources/dispatch";
import { Runtime } from "../../provider/resources/steps/runtime";
import { configRequest } from "./unit.helpers";

const runtime = new Runtime();
const dispatch = (kind: string, method: string, args: unknown[]) =>
  dispatchWith(runtime, kind, method, args);
const currentSettings = (env: NodeJS.ProcessEnv) => runtime.settings(env);
const clientFor = (settings: ReturnType<typeof currentSettings>) => runtime.client(settings);

afterEach(() => runtime.configure(undefined));

const ENV = {
  COLLECTORS_ACCESS_ID: "envId",
  COLLECTORS_ACCESS_KEY: "envKey",
  COLLECTORS_ENDPOINT: "http://127.0.0.1:1/api/v1",
};

describe("provider settings", () => {
  it("reads the collectors:* stack config the engine hands to configure()", async () => {
    await dispatch("Source", "configure", [
      configRequest({
        "collectors:accessId": "cfgId",
        "collectors:accessKey": "cfgKey",
        "collectors:deployment": "eu",
        "collectors:onConflict": "overwrite",
      }),
    ]);
    expect(currentSettings(ENV)).toEqual({
      accessId: "cfgId",
      accessKey: "cfgKey",
      deployment: "eu",
      // The config addresses the service, so the environment's endpoint does not apply.
      endpoint: undefined,
      onConflict: "overwrite",
    });
  });

  it("falls back to the COLLECTORS_* environment, read at each call", () => {
    expect(currentSettings(ENV)).toEqual({
      accessId: "envId",
      accessKey: "envKey",
      deployment: undefined,
      endpoint: "http://127.0.0.1:1/api/v1",
      onConflict: "fail",
    });
    expect(currentSettings({ ...ENV, COLLECTORS_ON_CONFLICT: "overwrite" }).onConflict).toBe(
      "overwrite",
    );
  });

  it("survives an engine that sent no config", async () => {
    await dispatch("HostedCollector", "configure", [
      {
        config: {
          get: () => {
            throw new Error("no");
          },
        },
      },
    ]);
    await dispatch("HostedCollector", "configure", [undefined]);
    expect(currentSettings(ENV).accessId).toBe("envId");
  });

  it("refuses an unknown onConflict with the values it takes", () => {
    expect(() => currentSettings({ ...ENV, COLLECTORS_ON_CONFLICT: "merge" })).toThrow(
      /collectors:onConflict \(or COLLECTORS_ON_CONFLICT\) must be "fail" or "overwrite", not "merge"/,
    );
  });

  it("says how to give missing credentials, without any value", () => {
    expect(() => clientFor(currentSettings({}))).toThrow(
      "No accessId for the Collector Management service: run `pulumi config set collectors:accessId <value>` on the stack, or set COLLECTORS_ACCESS_ID in the environment of `pulumi`",
    );
    expect(() => clientFor(currentSettings({ COLLECTORS_ACCESS_ID: "id" }))).toThrow(
      /pulumi config set --secret collectors:accessKey/,
    );
  });

  it("refuses a kind it does not know, naming the version problem", async () => {
    await expect(dispatch("Bucket", "create", [{}])).rejects.toThrow(/no resource kind "Bucket"/);
    await expect(dispatch("toString", "check", [{}, {}])).rejects.toThrow(
      /no resource kind "toString"/,
    );
  });
});
