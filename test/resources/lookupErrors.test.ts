// What a program can catch from a look-up function: a ResourceError with the catalogue's code,
// keeping the service's own error (status and error id) as its cause.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, lookups, ResourceError } from "../../provider";
import { type Service, startService } from "./emulator.helpers";
import { TEST_RUNTIME } from "./unit.helpers";

let service: Service;
let getCollector: ReturnType<typeof lookups>["getCollector"];

beforeAll(async () => {
  service = await startService();
  const env = {
    COLLECTORS_ACCESS_ID: service.accessId,
    COLLECTORS_ACCESS_KEY: service.accessKey,
    COLLECTORS_ENDPOINT: service.emulator.url,
  };
  ({ getCollector } = lookups({ ...TEST_RUNTIME, env }));
});

afterAll(async () => {
  await service?.close();
});

describe("look-up errors", () => {
  it("a missing id is a ResourceError whose cause is the service's 404", async () => {
    const error = await getCollector({ id: 424242 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceError);
    expect((error as ResourceError).code).toBe("noCollectorWithId");
    const cause = (error as ResourceError).cause;
    expect(cause).toBeInstanceOf(ApiError);
    expect((cause as ApiError).status).toBe(404);
    expect((cause as ApiError).errorId).toMatch(/^\w+-\w+-\w+$/);
  });

  it("a missing name is a ResourceError with its own code", async () => {
    const error = await getCollector({ name: "nobody here" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceError);
    expect((error as ResourceError).code).toBe("noCollectorNamed");
    expect((error as Error).message).toContain('"nobody here"');
  });
});
