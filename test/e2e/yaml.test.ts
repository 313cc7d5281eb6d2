// The collectors provider plugin with the real engine and its YAML language host, against the
// local service: examples/yaml through its life (one POST per resource, a preview without
// requests, a batched refresh, no secret in the state, `get` by the ids look-ups return, one PUT
// per change, a replacement, destroy), the name preview shows is the one up creates, an AWS key given as plain config is
// encrypted in the state all the same, and bad input fails preview with the dynamic provider's
// message before any request. The plugin is installed the way a user installs it, from the
// tarball `npm run build` makes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lifecycle } from "../../provider/resources/dispatch";
import { Runtime } from "../../provider/resources/steps/runtime";
import { installPlugin } from "../helpers/plugin";
import {
  changes,
  changesOnly,
  example,
  outputOf,
  PULUMI_USER,
  type PulumiWorkspace,
  previewJson,
  program,
  Service,
  summarize,
  workspaceFor,
} from "../helpers/pulumi";

const MINUTE = 60_000;
const AWS_KEY = "aws-e2e-secret-key-00000000000000000000000000000001";

let service: Service;
const workspaces: PulumiWorkspace[] = [];

/** A workspace on examples/yaml with the plugin installed; the AWS key plain config or secret. */
async function yamlWorkspace(secretKey: boolean): Promise<PulumiWorkspace> {
  const ws = await workspaceFor(service, example("yaml"), {
    config: { awsKeyId: "AKIAE2E0000000000001" },
    secrets: secretKey ? { awsSecretKey: AWS_KEY } : {},
  });
  if (!secretKey) {
    await ws.pulumi(["config", "set", "--plaintext", "awsSecretKey", "--", AWS_KEY]);
  }
  workspaces.push(ws);
  await installPlugin(ws);
  return ws;
}

/** Rewrites the workspace's program (its Pulumi.yaml). */
function edit(ws: PulumiWorkspace, change: (text: string) => string): void {
  const file = join(ws.dir, "Pulumi.yaml");
  writeFileSync(file, change(readFileSync(file, "utf8")));
}

beforeAll(async () => {
  service = await Service.start();
});
afterAll(async () => {
  for (const ws of workspaces) ws.dispose();
  await service?.close();
});

describe("examples/yaml on the plugin", () => {
  let ws: PulumiWorkspace;

  it(
    "previews the names up creates, and up makes one POST per resource",
    async () => {
      ws = await yamlWorkspace(true);
      const preview = await previewJson(ws);
      const named = preview.steps.find((s) => s.name === "collector")?.inputs.name;
      expect(named).toMatch(/^collector-[0-9a-f]{7}$/);
      let up = "";
      const sent = await service.requestsDuring(async () => {
        up = outputOf(await ws.pulumi(["up", "--yes", "--skip-preview"]));
      });
      expect(changesOnly(sent), `${sent.join("\n")}\n${up}`).toEqual([
        "POST /collectors 201",
        "POST /collectors/{id}/sources 201",
        "POST /collectors/{id}/sources 201",
      ]);
      const collectors = await service.inventory();
      expect(collectors.map((c) => c.name)).toEqual([named]);
      const outputs = await ws.outputs();
      expect(outputs.collectorName).toBe(named);
      expect(outputs.webUrl).toBe("[secret]");
    },
    10 * MINUTE,
  );

  it(
    "previews no change without a request, refreshes in batches",
    async () => {
      const previewed = await service.requestsDuring(() =>
        ws.pulumi(["preview", "--expect-no-changes"]),
      );
      expect(previewed).toEqual([]);
      const refreshed = await service.requestsDuring(() =>
        ws.pulumi(["refresh", "--yes", "--skip-preview"]),
      );
      expect(refreshed.filter((r) => r.includes("/sources"))).toEqual([
        "GET /collectors/{id}/sources 200",
      ]);
      expect(refreshed.length).toBeLessThanOrEqual(2);
      expect(
        await service.requestsDuring(() => ws.pulumi(["preview", "--expect-no-changes"])),
      ).toEqual([]);
    },
    10 * MINUTE,
  );

  it(
    "keeps every secret out of the state",
    async () => {
      const state = (await ws.pulumi(["stack", "export"])).stdout;
      const [collector] = await service.inventory();
      const web = collector?.sources.find((s: { sourceType: string }) => s.sourceType === "HTTP");
      expect(web?.url).toMatch(/^http/);
      for (const secret of [AWS_KEY, web?.url, PULUMI_USER.accessKey]) {
        expect(state).not.toContain(secret);
      }
    },
    10 * MINUTE,
  );

  it(
    "reads a collector and a source with `get` by the ids their look-ups return",
    async () => {
      const file = join(ws.dir, "Pulumi.yaml");
      const before = readFileSync(file, "utf8");
      try {
        // A look-up's id is its resource's id: a collector's, a source's <collectorId>/<sourceId>.
        const lookups = readFileSync(join(program("looked-up-get"), "resources.yaml"), "utf8");
        edit(ws, (text) => text.replace("outputs:\n", `${lookups}outputs:\n`));
        // Preview reads them (a read has no side effect): an id `get` refuses fails it.
        const read = (await previewJson(ws)).steps
          .filter((s) => s.op === "read")
          .map((s) => [s.name, s.id]);
        const [collector] = await service.inventory();
        const web = collector?.sources.find((s: { sourceType: string }) => s.sourceType === "HTTP");
        expect(read.sort()).toEqual([
          ["seen", String(collector?.id)],
          ["seenWeb", `${collector?.id}/${web?.id}`],
        ]);
      } finally {
        writeFileSync(file, before);
      }
    },
    10 * MINUTE,
  );

  it(
    "updates a changed field with one PUT, and replaces for a field the service cannot change",
    async () => {
      edit(ws, (text) => text.replace("Collects the application's logs.", "Collects logs."));
      const updated = await service.requestsDuring(() =>
        ws.pulumi(["up", "--yes", "--skip-preview"]),
      );
      expect(updated.filter((r) => !r.startsWith("GET"))).toEqual(["PUT /collectors/{id} 200"]);

      edit(ws, (text) =>
        text.replace(
          "      category: app/web\n",
          "      category: app/web\n      cutoffRelativeTime: -2d\n",
        ),
      );
      const preview = await previewJson(ws);
      expect(changes(preview)).toEqual(["replace web"]);
      const replaced = await service.requestsDuring(() =>
        ws.pulumi(["up", "--yes", "--skip-preview"]),
      );
      expect(changesOnly(replaced)).toEqual([
        "DELETE /collectors/{id}/sources/{id} 200",
        "POST /collectors/{id}/sources 201",
      ]);
    },
    10 * MINUTE,
  );

  it(
    "destroys everything",
    async () => {
      const deleted = await service.requestsDuring(() =>
        ws.pulumi(["destroy", "--yes", "--skip-preview"]),
      );
      expect(deleted.filter((r) => r.startsWith("DELETE")).length).toBe(3);
      expect(await service.inventory()).toEqual([]);
    },
    10 * MINUTE,
  );
});

describe("the plugin on other YAML programs", () => {
  it(
    "encrypts an AWS key the program gives as plain config",
    async () => {
      const ws = await yamlWorkspace(false);
      edit(ws, (text) => text.replace("    secret: true\n", ""));
      await ws.pulumi(["up", "--yes", "--skip-preview"]);
      const state = (await ws.pulumi(["stack", "export"])).stdout;
      expect(state).not.toContain(AWS_KEY);
      expect(state).toContain("ciphertext");
      await ws.pulumi(["destroy", "--yes", "--skip-preview"]);
    },
    10 * MINUTE,
  );

  it(
    "fails bad input in preview with the dynamic provider's message, before any request",
    async () => {
      const ws = await yamlWorkspace(true);
      // Pulumi YAML checks types and property names against the schema itself, before the
      // provider (its own message); a value of the right type the table refuses reaches Check.
      const bad = (line: string) =>
        edit(ws, (text) =>
          text.replace("      category: app/web\n", `      category: app/web\n      ${line}\n`),
        );
      bad("timeZone: Mars/Olympus_Mons");
      const mark = await service.mark();
      const result = await ws.pulumi(["preview"], { check: false });
      expect(result.code, outputOf(result)).not.toBe(0);
      const dynamic = await lifecycle("HttpSource", new Runtime())?.check(
        {},
        { collectorId: 1, name: "web", timeZone: "Mars/Olympus_Mons" },
      );
      const reason = dynamic?.failures?.[0]?.reason ?? "(no failure)";
      expect(reason).toMatch(/timeZone/);
      expect(outputOf(result)).toContain(reason);
      edit(ws, (text) => text.replace("      timeZone: Mars/Olympus_Mons\n", ""));
      bad("messagePerRequest: maybe");
      const typed = await ws.pulumi(["preview"], { check: false });
      expect(outputOf(typed)).toContain(
        "messagePerRequest: Cannot assign type 'string' to type 'boolean'",
      );
      expect(summarize(await service.since(mark))).toEqual([]);
    },
    10 * MINUTE,
  );
});
