// The end-to-end harness: the real Pulumi CLI (from scripts/toolchain/pulumi-cli.sh, never skipped: when
// the script cannot provide it, the test fails with the script's message) driving programs of
// this repository against the local service started in the test process. Each test file gets
// its own service, workspace, backend and PULUMI_HOME.
import { join } from "node:path";
import { expect } from "vitest";
import {
  type EmulatorOptions,
  type LoggedRequest,
  type RunningEmulator,
  startEmulator,
} from "../../emulator";
import { logicalNameOf, typeOfUrn } from "../../provider/resources/steps/urn";
import {
  type CommandResult,
  PulumiWorkspace,
  pulumiCliPath,
  type RunOptions,
  repoRoot,
  type WorkspaceOptions,
} from "../../scripts/toolchain/pulumi-workspace";
import { call, cookiesOf, type HttpResponse, type Json } from "./http";
import { TRANSPILE_ONLY, typecheckedByTheRepository } from "./typechecked";
import { E2E_ACCOUNTS, OPERATOR, PULUMI_USER } from "./users";

export {
  CommandFailed,
  type CommandResult,
  PulumiWorkspace,
} from "../../scripts/toolchain/pulumi-workspace";
export { OPERATOR, PULUMI_USER } from "./users";

export const ROOT = repoRoot(__dirname);
/** A program under test/e2e/programs/. */
export const program = (name: string): string => join(ROOT, "test", "e2e", "programs", name);
export const example = (name: string): string => join(ROOT, "examples", name);

export type { LoggedRequest };

/** The local service for one test file: its control API and an operator's view of the data. */
export class Service {
  private cookie: string | undefined;

  private constructor(readonly emulator: RunningEmulator) {}

  /**
   * Starts the service on a free port with the default limits unless `options` says otherwise;
   * in memory unless given a `dataDir` (a restored store), with the e2e users unless given
   * `accounts` (those a recorded store was made with).
   */
  static async start(
    options: Pick<EmulatorOptions, "rateLimit" | "maxConcurrent" | "dataDir" | "accounts"> = {},
  ) {
    const emulator = await startEmulator({
      host: "127.0.0.1",
      port: 0,
      accounts: E2E_ACCOUNTS,
      ...options,
    });
    return new Service(emulator);
  }

  get url(): string {
    return this.emulator.url;
  }

  /** The stack settings that point the provider at this service as PULUMI_USER. */
  get config(): Pick<WorkspaceOptions, "config" | "secrets"> {
    return {
      config: { "collectors:accessId": PULUMI_USER.accessId, "collectors:endpoint": this.url },
      secrets: { "collectors:accessKey": PULUMI_USER.accessKey },
    };
  }

  close(): Promise<void> {
    return this.emulator.close();
  }

  async control(path: string, method = "GET", body?: unknown): Promise<Json> {
    const res = await call(`${this.emulator.origin}/_emulator${path}`, {
      method,
      body,
      auth: null,
    });
    expect(res.status, `${method} /_emulator${path}: ${res.text}`).toBeLessThan(300);
    return res.json;
  }

  /** Every API request so far, oldest first (the service keeps the last 10,000). */
  async requests(): Promise<LoggedRequest[]> {
    return (await this.control("/requests")).requests as LoggedRequest[];
  }

  /** A mark in the request log: `since(mark)` returns what Pulumi sent after it. */
  async mark(): Promise<number> {
    return (await this.requests()).length;
  }

  /** Requests made by Pulumi (not by the operator) after `mark`; `accessId` is Pulumi's user. */
  async since(mark: number, accessId = PULUMI_USER.accessId): Promise<LoggedRequest[]> {
    const all = await this.requests();
    return all.slice(mark).filter((r) => r.accessId === accessId);
  }

  /** What `run` made Pulumi (as `accessId`) send, summarized. */
  async requestsDuring(
    run: () => Promise<unknown>,
    accessId = PULUMI_USER.accessId,
  ): Promise<string[]> {
    const mark = await this.mark();
    await run();
    return summarize(await this.since(mark, accessId));
  }

  async addFault(fault: Record<string, unknown>): Promise<void> {
    await this.control("/faults", "POST", fault);
  }

  async clearFaults(): Promise<void> {
    await this.control("/faults", "DELETE");
  }

  async registerInstalled(body: Record<string, unknown>): Promise<Json> {
    const res = await this.control("/installed-collectors", "POST", {
      collectorVersion: "19.0-1",
      osName: "Linux",
      osVersion: "6.1",
      osArch: "amd64",
      ephemeral: false,
      sourceSyncMode: "UI",
      ...body,
    });
    return res.collector;
  }

  /** An OpenTelemetry collector registering itself (remotely managed, heartbeating). */
  async registerOt(body: Record<string, unknown>): Promise<Json> {
    return this.control("/ot-collectors", "POST", {
      isRemotelyManaged: true,
      autoHeartbeat: true,
      ...body,
    });
  }

  /**
   * The operator's API call (another user than Pulumi's, so it never counts against Pulumi's
   * limits): keeps its session cookie, and waits out a 429 of its own.
   */
  async api(method: string, path: string, body?: unknown, etag?: string): Promise<HttpResponse> {
    for (let attempt = 0; ; attempt++) {
      const res = await call(`${this.url}${path}`, {
        method,
        body,
        auth: OPERATOR,
        cookie: this.cookie,
        headers: etag ? { "if-match": etag } : {},
      });
      this.cookie = cookiesOf(res) ?? this.cookie;
      if (res.status !== 429 || attempt >= 20) return res;
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  async apiOk(method: string, path: string, body?: unknown, etag?: string): Promise<HttpResponse> {
    const res = await this.api(method, path, body, etag);
    expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
    return res;
  }

  /**
   * A Hosted Collector with an S3 source holding an AWS key, made by the operator (outside
   * Pulumi): what import and get tests adopt. The source's id is `<collectorId>/<sourceId>`.
   */
  async seedS3Collector(name: string, aws: { awsId: string; awsKey: string }) {
    const collector = (
      await this.apiOk("POST", "/collectors", {
        collector: { collectorType: "Hosted", name, description: "Made outside Pulumi." },
      })
    ).json.collector as { id: number; name: string };
    const source = (
      await this.apiOk("POST", `/collectors/${collector.id}/sources`, {
        source: {
          sourceType: "Polling",
          contentType: "AwsS3Bucket",
          name: "bucket",
          category: "aws/s3",
          scanInterval: 300000,
          paused: false,
          thirdPartyRef: {
            resources: [
              {
                serviceType: "AwsS3Bucket",
                path: {
                  type: "S3BucketPathExpression",
                  bucketName: "app-logs",
                  pathExpression: "logs/*",
                },
                authentication: { type: "S3BucketAuthentication", ...aws },
              },
            ],
          },
        },
      })
    ).json.source as { id: number };
    return { collector, sourceId: `${collector.id}/${source.id}` };
  }

  /** Every collector with its sources, as the service holds them now, sorted by name. */
  async inventory(): Promise<InventoryCollector[]> {
    const collectors: Json[] = [];
    for (let offset = 0; ; offset += 1000) {
      const page = (await this.apiOk("GET", `/collectors?limit=1000&offset=${offset}`)).json;
      collectors.push(...page.collectors);
      if (page.collectors.length < 1000) break;
    }
    const result: InventoryCollector[] = [];
    for (const c of collectors) {
      const sources = (await this.apiOk("GET", `/collectors/${c.id}/sources`)).json
        .sources as Json[];
      sources.sort((a, b) => String(a.name).localeCompare(String(b.name)));
      result.push({ ...c, sources });
    }
    return result.sort((a, b) => String(a.name).localeCompare(String(b.name)));
  }
}

export interface InventoryCollector {
  id: number;
  name: string;
  collectorType: string;
  sources: Json[];
  [field: string]: Json;
}

/** A short picture of the inventory for assertions: collector name → sorted "name:sourceType". */
export function shape(inventory: InventoryCollector[]): Record<string, string[]> {
  return Object.fromEntries(
    inventory.map((c) => [c.name, c.sources.map((s: Json) => `${s.name}:${s.sourceType}`).sort()]),
  );
}

/**
 * A workspace on `programDir` whose stack points at `service` (plus any extra config); with
 * `connect: false`, the stack gets only the config given (e.g. a stack file's own settings).
 * A program `npm run typecheck` covers runs without ts-node's type check (typechecked.ts).
 */
export async function workspaceFor(
  service: Service,
  programDir: string,
  opts: Omit<WorkspaceOptions, "program"> & { connect?: boolean } = {},
): Promise<PulumiWorkspace> {
  const { connect = true, ...rest } = opts;
  const cliPath = await pulumiCliPath(ROOT);
  const base = connect ? service.config : {};
  const transpileOnly = typecheckedByTheRepository(ROOT, programDir) ? TRANSPILE_ONLY : {};
  return PulumiWorkspace.create({
    prefix: "collectors-e2e-",
    ...rest,
    env: { ...transpileOnly, ...rest.env },
    program: programDir,
    cliPath,
    config: { ...base.config, ...rest.config },
    secrets: { ...base.secrets, ...rest.secrets },
  });
}

export interface PreviewStep {
  op: string;
  urn: string;
  type: string;
  name: string;
  /** The resource's id, where the step knows it (a read's, a same's). */
  id?: string;
  /** The inputs the step would give the resource (after the provider's check). */
  inputs: Record<string, Json>;
  /**
   * The properties that differ, and for a replacement those whose change needs it: top-level
   * input names (the engine passes on the provider's list of property keys).
   */
  diffReasons: string[];
  replaceReasons: string[];
  /**
   * The provider's detailed diff, by property path, and how each changes ("update",
   * "add-replace", …): the paths are the provider's own (this package's plugin names top-level
   * inputs, as in diffReasons); empty when the provider gives none.
   */
  detailedDiff: Record<string, { kind: string; inputDiff?: boolean }>;
}

export interface Preview {
  steps: PreviewStep[];
  changeSummary: Record<string, number>;
  /** The command's exit code: not 0 when `--expect-no-changes` found a change (with check: false). */
  code: number;
}

/** `pulumi preview --json`, parsed: each step's op, the resource's type, logical name and id. */
export async function previewJson(
  ws: PulumiWorkspace,
  args: string[] = [],
  run: RunOptions = {},
): Promise<Preview> {
  const result = await ws.pulumi(["preview", "--json", ...args], run);
  const parsed = JSON.parse(result.stdout) as {
    steps?: {
      op: string;
      urn: string;
      newState?: { id?: string; inputs?: Record<string, Json> };
      diffReasons?: string[];
      replaceReasons?: string[];
      detailedDiff?: Record<string, { kind: string; inputDiff?: boolean }>;
    }[];
    changeSummary?: Record<string, number>;
  };
  return {
    steps: (parsed.steps ?? []).map((s) => ({
      op: s.op,
      urn: s.urn,
      type: typeOfUrn(s.urn),
      name: logicalNameOf(s.urn),
      id: s.newState?.id,
      inputs: s.newState?.inputs ?? {},
      diffReasons: s.diffReasons ?? [],
      replaceReasons: s.replaceReasons ?? [],
      detailedDiff: s.detailedDiff ?? {},
    })),
    changeSummary: parsed.changeSummary ?? {},
    code: result.code,
  };
}

/** The steps of a preview that change something, as "op name" strings, sorted. */
export function changes(preview: Preview): string[] {
  return preview.steps
    .filter((s) => s.op !== "same")
    .map((s) => `${s.op} ${s.name}`)
    .sort();
}

/** The resource changes of the last update (`pulumi stack history --json`). */
export async function lastUpdate(ws: PulumiWorkspace): Promise<{
  kind: string;
  result: string;
  resourceChanges: Record<string, number>;
}> {
  const history = JSON.parse((await ws.pulumi(["stack", "history", "--json"])).stdout) as Json[];
  return history[0];
}

/** The combined output of a command, for assertion messages. */
export function outputOf(result: CommandResult): string {
  return `${result.stdout}\n${result.stderr}`;
}

/** The writes among summarize()'s lines, sorted: what a run changed on the service. */
export const changesOnly = (requests: string[]): string[] =>
  requests.filter((r) => !r.startsWith("GET")).sort();

/** "POST /collectors/1/sources" style summaries of requests, without the /api/v1 prefix. */
export function summarize(requests: LoggedRequest[]): string[] {
  return requests.map(
    (r) => `${r.method} ${r.path.replace(/^\/api\/v1/, "").replace(/\d{6,}/g, "{id}")} ${r.status}`,
  );
}
