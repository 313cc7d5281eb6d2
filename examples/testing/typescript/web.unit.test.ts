// Unit tests with Pulumi's mocks: no engine, no service, milliseconds each. collectorsMocks
// answers the package's resources as the service would, and refuses what preview would refuse.
import * as pulumi from "@pulumi/pulumi";
import { collectorsMocks, registrationError } from "pulumi-collectors/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { webTier } from "./web";

// Before any resource is made (a module that makes resources when imported must be imported
// after this, with `await import`).
beforeAll(() => pulumi.runtime.setMocks(collectorsMocks(), "collectors-testing", "unit", false));

/** An Output's value (under mocks every value is known). */
const resolved = <T>(output: pulumi.Output<T>) =>
  new Promise<T>((resolve) => output.apply(resolve));

describe("webTier", () => {
  it("puts the events source on the web collector", async () => {
    const { collector, events } = webTier({ environment: "unit" });
    expect(await resolved(events.collectorId)).toBe(Number(await resolved(collector.id)));
  });

  it("files the events under the environment's category", async () => {
    const { events } = webTier({ environment: "staging" });
    expect(await resolved(events.category)).toBe("staging/web/events");
  });

  it("keeps the events URL secret: it carries the source's token", async () => {
    const { events } = webTier({ environment: "unit" });
    expect(await pulumi.isSecret(events.url)).toBe(true);
  });

  it("masks what the mask pattern matches", async () => {
    const { events } = webTier({ environment: "unit", maskPattern: "\\d{16}" });
    expect(await resolved(events.filters)).toContainEqual({
      name: "masked",
      filterType: "Mask",
      regexp: "\\d{16}",
      mask: "****",
    });
  });

  it("fails on an empty mask pattern, with the message preview gives", async () => {
    // The events source, which nothing depends on: a resource whose inputs come from a failed
    // one fails too, and Pulumi reports that as an unhandled rejection.
    const { events } = webTier({ environment: "unit", maskPattern: "" });
    const error = await registrationError(events);
    expect(error?.message).toMatch(/property filters\[1\]\.regexp has a problem: /);
    console.log(error?.message);
  });
});
