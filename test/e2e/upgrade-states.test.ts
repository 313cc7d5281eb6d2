// Upgrades from recorded states: every version under test/upgrade/ (scripts/fixtures/record-states.ts
// writes one per release, and they are kept) with the code at HEAD, for each front end — the
// TypeScript classes (whose state carries the serialized provider shim) and YAML on the plugin
// (whose state carries its provider resource). The local service is restored from the recorded
// store, the recorded state imported into a fresh backend; then, as a user's first commands
// after upgrading: a preview plans no replacement and no change and makes no request, refresh
// changes nothing, one changed setting is one update (one PUT), and destroy deletes the
// program's objects and leaves the Installed Collector (and, from 0.1.0+otel, the OpenTelemetry
// collector) registered. The stack as the engine holds
// it (`pulumi stack export`) keeps a resource of every kind the recording holds after the import,
// the refresh and the update.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountsFile } from "../../emulator";
import { ENTITY_KINDS } from "../../provider/resources/kinds";
import {
  ACCOUNTS_FILE,
  FILES,
  FRONT_ENDS,
  type FrontEnd,
  pointedAt,
  type Recording,
  recordedVersions,
  upgradeStatesDir,
} from "../../scripts/fixtures/upgrade-states";
import { installPlugin } from "../helpers/plugin";
import {
  changes,
  outputOf,
  type PulumiWorkspace,
  previewJson,
  ROOT,
  Service,
  shape,
  workspaceFor,
} from "../helpers/pulumi";
import { serviceObjects } from "./invariants/evidence";

const MINUTE = 60_000;
const VERSIONS = recordedVersions(ROOT);
const REPLACING = ["replace", "create-replacement", "delete-replaced"];

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, "utf8")) as T;

/** The type token a resource of `kind` has in a front end's state. */
const TYPE_OF: Readonly<Record<FrontEnd, (kind: string) => string>> = {
  // The classes are dynamic resources: pulumi-nodejs's provider, the kind in the type's name.
  typescript: (kind) => `pulumi-nodejs:dynamic/collectors:${kind}`,
  // The plugin's resources, by its schema's tokens.
  yaml: (kind) => `collectors:index:${kind}`,
};

interface StateFile {
  deployment: {
    resources?: { urn: string; type: string; custom?: boolean; id?: string; delete?: boolean }[];
  };
}

/**
 * The kinds (among `kinds`) of which `state` holds no live resource: one of the front end's type
 * token for the kind, with an id, not pending deletion.
 */
function kindsMissingFrom(state: StateFile, frontEnd: FrontEnd, kinds: readonly string[]) {
  const held = new Set(
    (state.deployment.resources ?? [])
      .filter((r) => r.custom === true && Boolean(r.id) && r.delete !== true)
      .map((r) => r.type),
  );
  return kinds.filter((kind) => !held.has(TYPE_OF[frontEnd](kind)));
}

describe("the recorded states", () => {
  it("hold 0.1.0, the first release, for each front end", () => {
    expect(VERSIONS).toContain("0.1.0");
  });
  it("hold 0.1.0+otel, the build of 0.1.0 that adds the OpenTelemetry kinds, for each front end", () => {
    expect(VERSIONS.indexOf("0.1.0+otel")).toBeGreaterThan(VERSIONS.indexOf("0.1.0"));
    for (const frontEnd of FRONT_ENDS) {
      const dir = join(upgradeStatesDir(ROOT), "0.1.0+otel", frontEnd);
      const { kinds, ot } = readJson<Recording>(join(dir, FILES.recording));
      expect(kinds).toEqual(expect.arrayContaining(["OtCollector", "SourceTemplate"]));
      expect(ot?.id).toMatch(/^[0-9A-F]{16}$/);
    }
  });
});

/**
 * A test of a recorded stack: after the one before it, never beside it (each builds on the stack
 * the one before left). The stacks themselves run beside each other: each has its own service,
 * backend and folder, and waits mostly on its engine's processes.
 */
const inOrder = (title: string, body: () => Promise<void>, timeout: number) =>
  it(title, { concurrent: false, timeout }, body);

describe.each(VERSIONS.flatMap((version) => FRONT_ENDS.map((frontEnd) => ({ version, frontEnd }))))(
  "$version's $frontEnd stack with the code at HEAD",
  { concurrent: true },
  ({ version, frontEnd }) => {
    const dir = join(upgradeStatesDir(ROOT), version, frontEnd);
    const recording = readJson<Recording>(join(dir, FILES.recording));
    let temp: string;
    let service: Service;
    let ws: PulumiWorkspace;
    /** What `run` made Pulumi send, summarized: Pulumi's user is the recording's. */
    const requestsOf = (run: () => Promise<unknown>) =>
      service.requestsDuring(run, recording.accessId);

    /**
     * Asserts the stack as the engine holds it (`pulumi stack export`) has a resource of every
     * kind the recording holds: the kinds of ENTITY_KINDS when it was made (a kind added since
     * cannot be in it), each still a kind of ENTITY_KINDS at HEAD.
     */
    async function expectEveryKind(after: string) {
      const state = JSON.parse((await ws.pulumi(["stack", "export"])).stdout) as StateFile;
      expect(
        kindsMissingFrom(state, frontEnd, recording.kinds),
        `${after}: kinds without a resource in ${version}'s ${frontEnd} stack`,
      ).toEqual([]);
    }

    /** Asserts a preview plans nothing; on failure the message carries `preview --diff`. */
    async function expectNoChanges(after: string) {
      const preview = await previewJson(ws);
      const planned = changes(preview);
      const diff = planned.length > 0 ? outputOf(await ws.pulumi(["preview", "--diff"])) : "";
      const replaced = preview.steps.filter((s) => REPLACING.includes(s.op)).map((s) => s.name);
      expect(replaced, `${after}: ${version}'s ${frontEnd} stack replaces\n${diff}`).toEqual([]);
      expect(planned, `${after}: ${version}'s ${frontEnd} stack changes\n${diff}`).toEqual([]);
    }

    beforeAll(async () => {
      temp = mkdtempSync(join(tmpdir(), `upgrade-states-${version}-${frontEnd}-`));
      const dataDir = join(temp, FILES.store);
      cpSync(join(dir, FILES.store), dataDir, { recursive: true });
      const accounts = readJson<AccountsFile>(join(dir, "..", ACCOUNTS_FILE));
      service = await Service.start({ dataDir, accounts });
      // The recorded files name the recording's service by a placeholder (ORIGIN_PLACEHOLDER):
      // pointed at this one, on its own port, in the stack config and the state alike.
      const restored = (file: string) => {
        const text = readFileSync(join(dir, file), "utf8");
        writeFileSync(join(temp, file), pointedAt(text, service.emulator.origin));
        return join(temp, file);
      };
      // The recorded stack config keeps its encryption salt: the stack made on it decrypts the
      // recorded secrets with the workspace's fixed passphrase, as the recording encrypted them.
      ws = await workspaceFor(service, dir, {
        connect: false,
        stackConfig: restored(FILES.stackConfig),
        prefix: "collectors-upgrade-",
      });
      if (frontEnd === "yaml") await installPlugin(ws);
      await ws.pulumi(["stack", "import", "--file", restored(FILES.state)]);
    }, 10 * MINUTE);

    afterAll(async () => {
      ws?.dispose();
      await service?.close();
      if (temp) rmSync(temp, { recursive: true, force: true });
    });

    inOrder(
      "is restored: the service holds the recorded objects, the stack a resource of every kind",
      async () => {
        // Collectors, sources, OpenTelemetry collectors and source templates.
        const objects = await serviceObjects(service);
        expect(objects.size).toBe(recording.objects);
        // The recording's kinds are kinds at HEAD, each once.
        expect(
          recording.kinds.filter((kind) => !Object.hasOwn(ENTITY_KINDS, kind)),
          "recorded kinds that are not kinds of ENTITY_KINDS",
        ).toEqual([]);
        expect(new Set(recording.kinds).size).toBe(recording.kinds.length);
        // The state file `stack import` was given (pointed at this service), then the stack the
        // engine made of it.
        expect(
          kindsMissingFrom(readJson<StateFile>(join(temp, FILES.state)), frontEnd, recording.kinds),
          "kinds without a resource in the state imported",
        ).toEqual([]);
        await expectEveryKind("the import");
      },
      5 * MINUTE,
    );

    inOrder(
      "previews no replacement and no change, without a request",
      async () => {
        const sent = await requestsOf(() => expectNoChanges("preview"));
        expect(sent, "a preview of an unchanged stack calls the API").toEqual([]);
      },
      10 * MINUTE,
    );

    inOrder(
      "refreshes every object with reads only and changes nothing",
      async () => {
        const sent = await requestsOf(() =>
          ws.pulumi(["refresh", "--yes", "--skip-preview", "--expect-no-changes"]),
        );
        expect(sent.length).toBeGreaterThan(0);
        expect(sent.filter((r) => !(r.startsWith("GET ") && r.endsWith(" 200")))).toEqual([]);
        await expectEveryKind("refresh");
        await expectNoChanges("refresh");
      },
      10 * MINUTE,
    );

    inOrder(
      "updates one changed setting in place with one PUT",
      async () => {
        await ws.setConfig("description", `Upgraded from ${version}.`);
        expect(changes(await previewJson(ws))).toEqual([`update ${recording.described}`]);
        const sent = await requestsOf(() => ws.pulumi(["up", "--yes", "--skip-preview"]));
        expect(sent.filter((r) => !r.startsWith("GET "))).toEqual(["PUT /collectors/{id} 200"]);
        const hosted = (await service.inventory()).find((c) => c.collectorType === "Hosted");
        expect(hosted?.description).toBe(`Upgraded from ${version}.`);
        await expectEveryKind("the update");
        await expectNoChanges("the update");
      },
      10 * MINUTE,
    );

    inOrder(
      "destroys the program's objects and leaves the adopted collectors registered",
      async () => {
        const sent = await requestsOf(() => ws.pulumi(["destroy", "--yes", "--skip-preview"]));
        const deletes = sent.filter((r) => r.startsWith("DELETE "));
        // One DELETE per object but the retained Installed Collector (and OT collector).
        const retained = [`/collectors/${recording.installed.id}`];
        if (recording.ot) retained.push(`/otCollectors/${recording.ot.id}`);
        expect(deletes).toHaveLength(recording.objects - retained.length);
        expect(shape(await service.inventory())).toEqual({ [recording.installed.name]: [] });
        expect([...(await serviceObjects(service)).keys()].sort()).toEqual(retained.sort());
      },
      10 * MINUTE,
    );
  },
);
