// An ordinary day of commands, back to back, as a user runs them: preview, up, refresh,
// preview --refresh, up --refresh, destroy — against the local service with its DEFAULT settings
// (rate limit, concurrency limit and authentication throttle). Every command starts a new program
// process and a new provider process, each with a new session, so the service sees many
// authentications without a session cookie in a couple of minutes; none of them may fail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  outputOf,
  type PulumiWorkspace,
  program,
  Service,
  shape,
  summarize,
  workspaceFor,
} from "../helpers/pulumi";

const MINUTE = 60_000;
const INSTALLED = "daily-host.example";

let service: Service;
let ws: PulumiWorkspace;

beforeAll(async () => {
  service = await Service.start(); // the service's defaults, as `collectors serve` starts it
  await service.registerInstalled({ name: INSTALLED });
  ws = await workspaceFor(service, program("daily"), {
    config: { "e2e-daily:installedName": INSTALLED },
  });
}, 30 * MINUTE); // a first run may build the Pulumi CLI

afterAll(async () => {
  ws?.dispose();
  await service?.close();
});

/** The commands of the report, in order; `destroy` last. */
const DAY = [
  ["preview"],
  ["up", "--yes"],
  ["refresh", "--yes"],
  ["preview", "--refresh", "--expect-no-changes"],
  ["up", "--refresh", "--yes"],
];

describe("a day of commands under the service's default settings", () => {
  it(
    "preview, up, refresh, preview --refresh, up --refresh and destroy, twice, all succeed",
    async () => {
      const mark = await service.mark();
      // Twice back to back: 12 commands in about a minute, each a new program process and a new
      // provider process with a session of its own (the old default throttle allowed 15).
      for (const round of [1, 2]) {
        for (const args of DAY) {
          const result = await ws.pulumi(args, { check: false });
          expect(
            result.code,
            `round ${round}, pulumi ${args.join(" ")}:\n${outputOf(result)}`,
          ).toBe(0);
        }

        const held = shape(await service.inventory());
        expect(held[INSTALLED]).toEqual([
          expect.stringMatching(/^app-logs-[0-9a-f]{7}:LocalFile$/),
        ]);
        const hosted = Object.keys(held).filter((name) => name.startsWith("web-"));
        expect(hosted).toHaveLength(1);
        const types = held[hosted[0] as string]?.map((s) => s.split(":")[1]).sort();
        expect(types).toEqual(["Cloudsyslog", "HTTP"]);

        const destroy = await ws.pulumi(["destroy", "--yes"], { check: false });
        expect(destroy.code, `round ${round}, pulumi destroy:\n${outputOf(destroy)}`).toBe(0);
        expect(shape(await service.inventory())).toEqual({ [INSTALLED]: [] });
      }

      // No request of Pulumi's was refused as unauthenticated along the way. (A 429 can happen:
      // the program and the provider are two processes pacing themselves apart; both retry it.)
      const requests = await service.since(mark);
      expect(summarize(requests.filter((r) => r.status === 401))).toEqual([]);
      expect(requests.length).toBeGreaterThan(40);
    },
    30 * MINUTE,
  );
});
