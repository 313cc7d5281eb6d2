// The OpenTelemetry side of an account for the export and migrate tests, made as a user's would
// be: OT collectors registering themselves (the control API), with the service's own
// `sumo.disco*` tags beside the user's; source templates made through the API, one disabled, one
// with a credential in a receiver. And the check that matters for a take-over: the provider,
// given the declarations a plan wrote, adopts each with reads alone and then sees no change.
import { expect } from "vitest";
import { AdoptById, type ExportPlan, SecretConfig } from "../../cli/export/plan";
import { Code, type Value } from "../../cli/export/render";
import { CollectorsClient } from "../../provider/api";
import type { Service } from "../resources/emulator.helpers";
import { type Props, provider } from "../resources/unit.helpers";

/** A password in a MySQL receiver: what the export moves to stack config. */
export const DB_PASSWORD = "my-sql-p@ss";

export interface SeededOt {
  /** OT collector ids by name. */
  collectors: Record<string, string>;
  /** Source template ids by name. */
  templates: Record<string, string>;
}

export function clientOf(service: Service): CollectorsClient {
  return new CollectorsClient({
    endpoint: service.emulator.url,
    accessId: service.accessId,
    accessKey: service.accessKey,
    env: {},
    limits: false,
  });
}

async function ok(
  answer: Promise<{ status: number; body: { id: string } }>,
): Promise<{ id: string }> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

/** How the objects are made: an OT collector registering itself, a template through the API. */
export interface OtMaker {
  registerOt(body: Record<string, unknown>): Promise<{ id: string }>;
  createTemplate(body: Record<string, unknown>): Promise<{ id: string }>;
}

export function seedOt(service: Service): Promise<SeededOt> {
  return seedOtWith({
    registerOt: (body) => service.registerOt(body),
    createTemplate: (body) => ok(service.api("POST", "/sourceTemplates", body)),
  });
}

/**
 * The same objects through any service's control API and API (the end-to-end tests' too). The
 * apache template's inputJson holds a member beyond those the schema names (`team`): passed
 * through in every language.
 */
export async function seedOtWith(make: OtMaker): Promise<SeededOt> {
  const edge1 = await make.registerOt({
    name: "edge-01",
    description: "Edge proxy",
    category: "prod/edge",
    timeZone: "Europe/Paris",
    tags: { team: "web", env: "prod", "sumo.disco.host": "edge-01.local" },
  });
  const edge2 = await make.registerOt({
    name: "edge 02 (canary)",
    tags: { team: "web" },
    isRemotelyManaged: false,
  });
  const db = await make.registerOt({ name: "db-01", tags: { "sumo.disco.os": "linux" } });
  const apache = await make.createTemplate({
    schemaRef: { type: "Apache", version: "1.1.0" },
    selector: { tags: [[{ key: "team", values: ["web"] }]] },
    inputJson: {
      name: "apache access",
      description: "access logs",
      receivers: { apache: { receiverType: "filelog", include: ["/var/log/apache2/*.log"] } },
      processors: { batch: {} },
      team: "web",
    },
  });
  const mysql = await make.createTemplate({
    schemaRef: { type: "MySQL" },
    selector: { names: ["db-01"] },
    inputJson: {
      name: "mysql",
      receivers: { mysql: { endpoint: "localhost:3306", username: "ro", password: DB_PASSWORD } },
    },
  });
  const old = await make.createTemplate({
    schemaRef: { type: "Syslog" },
    inputJson: { name: "old syslog", receivers: { syslog: { port: 514 } } },
    isEnabled: false,
  });
  return {
    collectors: { "edge-01": edge1.id, "edge 02 (canary)": edge2.id, "db-01": db.id },
    templates: { "apache access": apache.id, mysql: mysql.id, "old syslog": old.id },
  };
}

/**
 * A state of the OpenTelemetry fixtures (test/migrate/terraform/ot, test/migrate/pulumi/ot-stack-
 * export.json) with the ids of the objects `seeded` in place of its placeholders, matched by
 * name: a template's by its input_json's (inputJson's) name, an OT collector's by its own.
 */
export function swapSeededIds(text: string, seeded: SeededOt): string {
  const ids = new Map<string, string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const inputJson = record.input_json ?? record.inputJson;
    const template = typeof inputJson === "string" ? JSON.parse(inputJson).name : undefined;
    const id = typeof record.id === "string" ? record.id : undefined;
    if (id && template && seeded.templates[template]) ids.set(id, seeded.templates[template]);
    else if (id && typeof record.name === "string" && seeded.collectors[record.name]) {
      ids.set(id, seeded.collectors[record.name] as string);
    }
    for (const value of Object.values(record)) visit(value);
  };
  visit(JSON.parse(text));
  expect(ids.size).toBe(5);
  let swapped = text;
  for (const [from, to] of ids) swapped = swapped.replaceAll(from, to);
  return swapped;
}

/** A declaration's args as the engine would give them to the provider (secrets: their values). */
function props(value: Value, secrets: ReadonlyMap<string, string | undefined>): unknown {
  if (value instanceof AdoptById) return { id: value.id };
  if (value instanceof SecretConfig) {
    const secret = secrets.get(value.key);
    if (secret === undefined) throw new Error(`no value for the secret ${value.key}`);
    return secret;
  }
  if (value instanceof Code) throw new Error(`no value for ${value.code}`);
  if (Array.isArray(value)) return value.map((item) => props(item, secrets));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, props(v, secrets)]));
  }
  return value;
}

/**
 * Each OtCollector and SourceTemplate the plan declares, through the provider as a first `pulumi
 * up` runs it (check, then create: the adoption), then a second preview (check, diff). Returns
 * the writes the service received and what each diff found; `secrets` are the values the user
 * sets (default: those the plan printed).
 */
export async function takeOverOt(
  service: Service,
  plan: ExportPlan,
  secrets = new Map(plan.secrets.map((s) => [s.key, s.value])),
): Promise<{ writes: string[]; changed: string[]; adopted: string[] }> {
  await service.clearRequests();
  const changed: string[] = [];
  const adopted: string[] = [];
  for (const statement of plan.groups.flatMap((g) => g.statements)) {
    if (statement.kind !== "OtCollector" && statement.kind !== "SourceTemplate") continue;
    const p = provider(statement.kind);
    const news = props(statement.args, secrets) as Props;
    const { inputs, failures } = await p.check({}, news);
    expect(failures ?? [], statement.logicalName).toEqual([]);
    const { id, outs } = await p.create(inputs);
    adopted.push(id);
    const again = await p.check(outs, news);
    const diff = await p.diff(id, outs, again.inputs);
    if (diff.changes) changed.push(statement.logicalName);
  }
  const writes = (await service.requests())
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.path}`);
  return { writes, changed, adopted };
}
