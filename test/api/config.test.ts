import { describe, expect, it } from "vitest";
import {
  CollectorsClient,
  DEPLOYMENTS,
  deploymentBaseUrl,
  InputError,
  normaliseEndpoint,
  resolveConfig,
} from "../../provider/api";

const creds = { accessId: "id", accessKey: "key" };

describe("deployment addressing", () => {
  it("maps us1 to the host without a deployment segment and others to api.<dep>", () => {
    expect(deploymentBaseUrl("us1")).toBe("https://api.sumologic.com/api/v1");
    expect(deploymentBaseUrl("eu")).toBe("https://api.eu.sumologic.com/api/v1");
    expect(deploymentBaseUrl("fed")).toBe("https://api.fed.sumologic.com/api/v1");
    for (const dep of ["au", "ca", "de", "eu", "fed", "in", "jp", "us1", "us2"]) {
      expect(DEPLOYMENTS).toContain(dep);
    }
  });

  it("defaults to us1", () => {
    expect(resolveConfig({ ...creds, env: {} }).baseUrl).toBe("https://api.sumologic.com/api/v1");
  });

  it("refuses an unknown deployment, listing the valid ones", () => {
    const attempt = () => new CollectorsClient({ ...creds, deployment: "mars", env: {} });
    expect(attempt).toThrow(InputError);
    expect(attempt).toThrow(/unknown deployment "mars"; valid deployments: au, ca, de, eu, fed/);
  });

  it("accepts a deployment in any case", () => {
    expect(resolveConfig({ ...creds, deployment: " EU ", env: {} }).baseUrl).toBe(
      "https://api.eu.sumologic.com/api/v1",
    );
  });
});

describe("endpoint normalisation", () => {
  it.each([
    ["http://127.0.0.1:8080/api/v1", "http://127.0.0.1:8080/api/v1"],
    ["http://127.0.0.1:8080/api/v1/", "http://127.0.0.1:8080/api/v1"],
    ["https://api.eu.sumologic.com/api/v1/v1", "https://api.eu.sumologic.com/api/v1"],
    ["https://api.eu.sumologic.com/api/v1/v1/", "https://api.eu.sumologic.com/api/v1"],
    ["https://api.eu.sumologic.com/api/", "https://api.eu.sumologic.com/api/v1"],
    ["https://api.eu.sumologic.com/api", "https://api.eu.sumologic.com/api/v1"],
    ["http://127.0.0.1:8080", "http://127.0.0.1:8080/api/v1"],
    ["http://127.0.0.1:8080/", "http://127.0.0.1:8080/api/v1"],
    ["http://127.0.0.1:8080/eu", "http://127.0.0.1:8080/eu/api/v1"],
    ["http://127.0.0.1:8080/eu/api/v1/", "http://127.0.0.1:8080/eu/api/v1"],
  ])("%s → %s", (input, expected) => {
    expect(normaliseEndpoint(input)).toBe(expected);
  });

  it.each([
    ["not a url", /not an absolute URL/],
    ["ftp://host/api/v1", /http or https/],
    ["https://host/v1", /ends in "\/v1" but not "\/api\/v1"/],
    ["https://host/api/v1?x=1", /query or fragment/],
  ])("refuses %s", (input, message) => {
    expect(() => normaliseEndpoint(input)).toThrow(message);
  });

  it("refuses credentials in the endpoint without echoing them", () => {
    let error: unknown;
    try {
      normaliseEndpoint("https://user:hunter2@api.sumologic.com/api/v1");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect(String(error)).not.toContain("hunter2");
  });

  it("lets the endpoint override the deployment", () => {
    const config = resolveConfig({
      ...creds,
      deployment: "eu",
      endpoint: "http://127.0.0.1:1/",
      env: {},
    });
    expect(config.baseUrl).toBe("http://127.0.0.1:1/api/v1");
    expect(config.customEndpoint).toBe(true);
  });

  it("reads the deployment shown by a local-service prefix", () => {
    expect(
      resolveConfig({ ...creds, endpoint: "http://127.0.0.1:1/jp/api/v1", env: {} }).deployment,
    ).toBe("jp");
  });
});

describe("environment fallbacks", () => {
  const env = {
    COLLECTORS_ACCESS_ID: "envId",
    COLLECTORS_ACCESS_KEY: "envKey",
    COLLECTORS_DEPLOYMENT: "de",
  };

  it("reads COLLECTORS_* when options are absent", () => {
    const config = resolveConfig({ env });
    expect(config).toMatchObject({
      accessId: "envId",
      accessKey: "envKey",
      baseUrl: "https://api.de.sumologic.com/api/v1",
    });
    expect(
      resolveConfig({ env: { ...env, COLLECTORS_ENDPOINT: "http://127.0.0.1:9/" } }).baseUrl,
    ).toBe("http://127.0.0.1:9/api/v1");
  });

  it("prefers options, and an explicit deployment over an endpoint left in the environment", () => {
    const config = resolveConfig({
      ...creds,
      deployment: "jp",
      env: { ...env, COLLECTORS_ENDPOINT: "http://127.0.0.1:9/" },
    });
    expect(config).toMatchObject({
      accessId: "id",
      baseUrl: "https://api.jp.sumologic.com/api/v1",
    });
  });

  it("names the option and the variable when a credential is missing", () => {
    expect(() => resolveConfig({ accessKey: "k", env: {} })).toThrow(
      /accessId is missing: pass \{ accessId \} or set COLLECTORS_ACCESS_ID/,
    );
    expect(() => resolveConfig({ accessId: "i", env: {} })).toThrow(/COLLECTORS_ACCESS_KEY/);
  });

  it("refuses a bad timeout, naming the option", () => {
    expect(() => resolveConfig({ ...creds, timeoutMs: 0, env: {} })).toThrow(/timeoutMs/);
  });
});
