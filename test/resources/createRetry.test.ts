// How many POSTs one create sends when the service keeps failing, counted in the local service's
// request log. The client's retry policy (retries: 4 here, the default) is the only one: the
// create path adds retries only for answers that may have been acted on, in the same budget.
import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY } from "../../provider/api";
import { useService } from "./emulator.helpers";
import { type Props, provider } from "./unit.helpers";

const collector = provider("HostedCollector");
const httpSource = provider("HttpSource");
const service = useService();
const RATE_LIMITED = "The API rate limit for this user has been exceeded.";
const MAX_POSTS = DEFAULT_RETRY.retries + 1;

async function createError(p: ReturnType<typeof provider>, news: Props): Promise<Error> {
  const { inputs, failures } = await p.check({}, news);
  expect(failures).toEqual([]);
  const error = await p.create(inputs).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

const posts = async () => (await service().requests()).filter((r) => r.method === "POST");

describe("create against a service that keeps failing", () => {
  it("sends at most retries + 1 POSTs against a persistent 429, and says what the service said", async () => {
    await service().fault({ kind: "429", method: "POST", path: "^/collectors$" });
    await service().clearRequests();
    const error = await createError(collector, { name: "always limited" });
    const sent = await posts();
    expect(sent.length).toBeGreaterThan(1); // the client did retry
    expect(sent.length).toBeLessThanOrEqual(MAX_POSTS);
    expect(sent.every((r) => r.status === 429)).toBe(true);
    expect(error.message).toContain("429");
    expect(error.message).toContain(RATE_LIMITED);
  });

  it("the same for a source", async () => {
    const hostedId = (
      await service().api("POST", "/collectors", {
        collector: { collectorType: "Hosted", name: "hosted" },
      })
    ).body.collector.id;
    await service().fault({ kind: "429", method: "POST", path: "/sources$" });
    await service().clearRequests();
    const error = await createError(httpSource, { collectorId: hostedId, name: "limited" });
    expect((await posts()).length).toBeLessThanOrEqual(MAX_POSTS);
    expect(error.message).toContain(RATE_LIMITED);
  });

  it("sends at most retries + 1 POSTs against a persistent 503, and makes nothing", async () => {
    await service().fault({ kind: "503", method: "POST", path: "^/collectors$" });
    await service().clearRequests();
    const error = await createError(collector, { name: "always down" });
    const sent = await posts();
    expect(sent.length).toBeGreaterThan(1); // a 5xx may have been acted on: the create retries
    expect(sent.length).toBeLessThanOrEqual(MAX_POSTS);
    expect(error.message).toContain("503");
    await service().clearFaults();
    expect((await service().api("GET", "/collectors")).body.collectors).toEqual([]);
  });

  it("counts the POSTs of every attempt: 503s, then 429s, stay within 2 × retries + 1", async () => {
    // The worst case: each 503 costs one POST of the budget, then the last attempt meets 429s.
    const { retries } = DEFAULT_RETRY;
    await service().fault({ kind: "503", method: "POST", path: "^/collectors$", count: retries });
    await service().fault({ kind: "429", method: "POST", path: "^/collectors$" });
    await service().clearRequests();
    const error = await createError(collector, { name: "mixed" });
    expect((await posts()).length).toBeLessThanOrEqual(2 * retries + 1);
    expect(error.message).toContain(RATE_LIMITED);
  });
});
