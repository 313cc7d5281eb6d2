// The two front ends are one table: an entry of a kind changed in the process shows at once
// through the dynamic classes' provider (what their serialized shim calls) and through the
// plugin (its schema and its Diff over gRPC), with no second place to change.
import type { GetSchemaResponse } from "@pulumi/pulumi/proto/provider_pb";
import { GetSchemaRequest } from "@pulumi/pulumi/proto/provider_pb";
import { afterEach, describe, expect, it } from "vitest";
import { ENTITY_KINDS, type FieldSpec } from "../../provider/plugin/layer";
import { CHANGE } from "../../provider/plugin/provider";
import { dispatchWith } from "../../provider/resources/dispatch";
import { Runtime } from "../../provider/resources/steps/runtime";
import { startPlugin } from "./grpc.helpers";

const fields = ENTITY_KINDS.HostedCollector?.fields as Record<string, FieldSpec>;
const original = fields.description as FieldSpec;

// A collector as the state holds it, and the program's change of its description.
const state = { name: "c", description: "one", etag: "e1", unmanaged: {} };
const wanted = { name: "c", description: "two" };

afterEach(() => {
  fields.description = original;
});

/**
 * What each front end makes of the description change. The plugin is started anew, as a new
 * build's plugin process would be: it serves the schema it made when it started.
 */
async function seen() {
  const dynamic = (await dispatchWith(new Runtime(), "HostedCollector", "diff", [
    "100000001",
    state,
    wanted,
  ])) as { changes?: boolean; replaces?: string[] };
  const plugin = await startPlugin();
  try {
    const response = await plugin.call<GetSchemaResponse>("getSchema", new GetSchemaRequest());
    const schema = JSON.parse(response.getSchema());
    const described =
      schema.resources["collectors:index:HostedCollector"].inputProperties.description;
    const diff = await plugin.diff("HostedCollector", "100000001", state, wanted);
    return { dynamic, described, diff };
  } finally {
    await plugin.close();
  }
}

describe("a kind's table entry changed in the process", () => {
  it("changes what both front ends do", async () => {
    const before = await seen();
    expect(before.dynamic).toMatchObject({ changes: true, replaces: [] });
    expect(before.described.replaceOnChanges).toBeUndefined();
    expect(before.diff.detailed).toEqual({ description: CHANGE.update });

    fields.description = {
      ...original,
      replace: true,
      doc: "Set once: changing it makes a new collector.",
    };
    const after = await seen();
    expect(after.dynamic).toMatchObject({ changes: true, replaces: ["description"] });
    expect(after.described).toMatchObject({
      replaceOnChanges: true,
      description: "Set once: changing it makes a new collector.",
    });
    expect(after.diff.detailed).toEqual({ description: CHANGE.updateReplace });
    expect(after.diff.replacesList).toEqual(["description"]);
  });
});
