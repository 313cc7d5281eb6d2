// The collectors provider plugin keeps each credential inside a field secret, and only it, with
// the real engine and its YAML language host against the local service: an S3 source whose
// program gives its AWS key in plain text (as a careless user would) has that key, and nothing
// else of its thirdPartyRef, encrypted in the state; `pulumi preview --diff` of a changed path
// shows the old and the new path in clear and the key as [secret] (the text is in
// docs/reference/plugin.md); and a state whose whole thirdPartyRef is a secret, as 0.1.0 wrote it, plans
// no change. The plugin is installed from the tarball `npm run build` makes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPlugin } from "../helpers/plugin";
import {
  changes,
  outputOf,
  type PulumiWorkspace,
  previewJson,
  program,
  Service,
  summarize,
  workspaceFor,
} from "../helpers/pulumi";

const MINUTE = 60_000;
/** The key the program gives in plain text (test/e2e/programs/leaf-secrets/Pulumi.yaml). */
const AWS_KEY = "aws-leaf-plain-key-0000000000000000000000001";
/** Pulumi's signature of a secret value in a state (@pulumi/pulumi runtime/rpc.js). */
const SECRET_SIG = {
  key: "4dabf18193072939515e22adb298388d",
  value: "1b47061264138c4ac30d75fd1eb44270",
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Ref = { resources: { path: Record<string, Json>; authentication: Record<string, Json> }[] };
interface StateResource {
  type: string;
  inputs: Record<string, Json>;
  outputs: Record<string, Json>;
}

let service: Service;
let ws: PulumiWorkspace;

const isSecret = (value: Json | undefined) =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? value[SECRET_SIG.key] === SECRET_SIG.value
    : false;

/** Rewrites the workspace's program (its Pulumi.yaml). */
function edit(change: (text: string) => string): void {
  const file = join(ws.dir, "Pulumi.yaml");
  writeFileSync(file, change(readFileSync(file, "utf8")));
}

/** `pulumi stack export` (optionally with the secrets in plain text): the text, the S3 source. */
async function exported(showSecrets = false) {
  const text = (await ws.pulumi(["stack", "export", ...(showSecrets ? ["--show-secrets"] : [])]))
    .stdout;
  const state = JSON.parse(text) as { deployment: { resources: StateResource[] } };
  const bucket = state.deployment.resources.find((r) => r.type === "collectors:index:S3Source");
  if (!bucket) throw new Error(`no S3Source in the state:\n${text}`);
  return { text, state, bucket };
}

beforeAll(async () => {
  service = await Service.start();
  ws = await workspaceFor(service, program("leaf-secrets"));
  await installPlugin(ws);
  await ws.pulumi(["up", "--yes", "--skip-preview"]);
}, 10 * MINUTE);

afterAll(async () => {
  if (ws) {
    await ws.pulumi(["destroy", "--yes", "--skip-preview"], { check: false });
    ws.dispose();
  }
  await service?.close();
});

describe("a credential inside a field, through the plugin", () => {
  it(
    "is the one encrypted leaf of the state's thirdPartyRef, though the program gave it in plain text",
    async () => {
      const { text, bucket } = await exported();
      expect(text).not.toContain(AWS_KEY);
      for (const [where, ref] of [
        ["inputs", bucket.inputs.thirdPartyRef],
        ["outputs", bucket.outputs.thirdPartyRef],
      ] as const) {
        expect(isSecret(ref), `${where}: thirdPartyRef itself is no secret`).toBe(false);
        const [resource] = (ref as unknown as Ref).resources;
        expect(resource?.path, where).toMatchObject({
          type: "S3BucketPathExpression",
          bucketName: "app-logs",
          pathExpression: "logs/*",
        });
        expect(resource?.authentication.awsId, where).toBe("AKIALEAF000000000001");
        const key = resource?.authentication.awsKey as Record<string, Json>;
        expect(key, where).toEqual({
          [SECRET_SIG.key]: SECRET_SIG.value,
          ciphertext: expect.stringMatching(/^\S{20,}$/),
        });
      }
      // The service has a key (it shows a key it holds as its mask), and the bucket.
      const [collector] = await service.inventory();
      const shown = JSON.stringify(collector?.sources);
      expect(shown).toContain('"awsKey":"********"');
      expect(shown).toContain('"bucketName":"app-logs"');
    },
    10 * MINUTE,
  );

  it(
    "shows a changed path in clear and the key as [secret] in pulumi preview --diff",
    async () => {
      edit((text) => text.replace('pathExpression: "logs/*"', 'pathExpression: "logs/2026/*"'));
      const mark = await service.mark();
      const result = await ws.pulumi(["preview", "--diff"]);
      const diff = outputOf(result);
      console.log(`pulumi preview --diff, as printed:\n${result.stdout}`);
      expect(diff).not.toContain(AWS_KEY);
      expect(diff).toMatch(/~ pathExpression\s*:\s*"logs\/\*" => "logs\/2026\/\*"/);
      expect(diff).toMatch(/bucketName\s*:\s*"app-logs"/);
      expect(diff).toMatch(/awsKey\s*:\s*\[secret\]/);
      expect(diff).toMatch(/awsId\s*:\s*"AKIALEAF000000000001"/);
      expect(diff).toMatch(/1 to update/);
      // A preview writes nothing.
      expect(summarize(await service.since(mark)).filter((r) => !r.startsWith("GET"))).toEqual([]);
      edit((text) => text.replace('pathExpression: "logs/2026/*"', 'pathExpression: "logs/*"'));
    },
    10 * MINUTE,
  );

  it(
    "plans no change over a state whose whole thirdPartyRef is a secret, as 0.1.0 wrote it",
    async () => {
      // The state as 0.1.0 wrote it: the thirdPartyRef of inputs and outputs one secret value.
      const { state } = await exported(true);
      for (const resource of state.deployment.resources) {
        if (resource.type !== "collectors:index:S3Source") continue;
        for (const properties of [resource.inputs, resource.outputs]) {
          const ref = properties.thirdPartyRef as unknown as Ref;
          const plain = {
            resources: ref.resources.map((r) => {
              const key = r.authentication.awsKey as Record<string, string>;
              return {
                ...r,
                authentication: { ...r.authentication, awsKey: JSON.parse(key.plaintext ?? "") },
              };
            }),
          };
          properties.thirdPartyRef = {
            [SECRET_SIG.key]: SECRET_SIG.value,
            plaintext: JSON.stringify(plain),
          };
        }
      }
      const file = join(ws.root, "whole-secret-state.json");
      writeFileSync(file, JSON.stringify(state));
      await ws.pulumi(["stack", "import", "--file", file]);
      const before = await exported();
      expect(isSecret(before.bucket.inputs.thirdPartyRef)).toBe(true);
      expect(isSecret(before.bucket.outputs.thirdPartyRef)).toBe(true);
      expect(before.text).not.toContain(AWS_KEY);

      const mark = await service.mark();
      await ws.pulumi(["preview", "--expect-no-changes", "--diff"]);
      expect(changes(await previewJson(ws))).toEqual([]);
      expect(summarize(await service.since(mark)).filter((r) => !r.startsWith("GET"))).toEqual([]);
    },
    10 * MINUTE,
  );
});
