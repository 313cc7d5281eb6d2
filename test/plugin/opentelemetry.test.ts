// The OpenTelemetry kinds through the plugin's gRPC service, against the local service: a source
// template is named by its inputJson (Check gives it no default name), an OT collector's id is the
// service's text id end to end, its delete is refused unless allowDelete, and the look-ups of
// both run (a list's `name` is a filter, not the one-object look-up's "id or name").
import { InvokeRequest, type InvokeResponse } from "@pulumi/pulumi/proto/provider_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Service, startService } from "../resources/emulator.helpers";
import { isSecret, type Plugin, secretOf, startPlugin } from "./grpc.helpers";

let service: Service;
let plugin: Plugin;

beforeAll(async () => {
  service = await startService();
  plugin = await startPlugin({ timeScale: 0.01, client: { limits: false } });
});
afterAll(async () => {
  await plugin?.close();
  await service?.close();
});
beforeEach(async () => {
  await service.reset();
  await plugin.configure({
    accessId: service.accessId,
    accessKey: secretOf(service.accessKey),
    endpoint: service.emulator.url,
  });
});

const template = {
  schemaRef: { type: "Apache" },
  inputJson: { name: "apache", receivers: { apache: { receiverType: "filelog" } } },
};

async function invoke(fn: string, args: Record<string, unknown>) {
  const response = await plugin.call<InvokeResponse>(
    "invoke",
    new InvokeRequest()
      .setTok(`collectors:index:${fn}`)
      .setArgs(Struct.fromJavaScript(args as never)),
  );
  expect(response.getFailuresList().map((f) => f.getReason())).toEqual([]);
  return response.getReturn()?.toJavaScript() as Record<string, unknown>;
}

describe("SourceTemplate on the plugin", () => {
  it("is named by inputJson.name: Check adds no default name, and the template is created", async () => {
    const { inputs, failures } = await plugin.check("SourceTemplate", "apache", template);
    expect(failures).toEqual([]);
    expect(inputs.name).toBe("apache");
    const created = await plugin.create("SourceTemplate", "apache", template);
    expect(created.id).toMatch(/^[0-9A-F]{16}$/);
    expect(created.properties).toMatchObject({ name: "apache", status: "enable" });
    const read = await plugin.read("SourceTemplate", created.id);
    expect(read.properties.inputJson).toMatchObject({ name: "apache" });
  });

  it("keeps a receiver's credentials secret, and the config rendered from them", async () => {
    const mysql = {
      schemaRef: { type: "MySQL" },
      inputJson: {
        name: "mysql",
        receivers: { mysql: { endpoint: "db:3306", username: "otel", password: "hunter2-db" } },
      },
    };
    const created = await plugin.create("SourceTemplate", "mysql", mysql);
    const receiver = (
      created.properties.inputJson as { receivers: { mysql: Record<string, unknown> } }
    ).receivers.mysql;
    expect(receiver.endpoint).toBe("db:3306");
    expect(isSecret(receiver.password)).toBe(true);
    expect(isSecret(created.properties.config)).toBe(true);
  });

  it("is found by the look-ups, alone by name and in the list with no argument", async () => {
    const created = await plugin.create("SourceTemplate", "apache", template);
    expect((await invoke("getSourceTemplate", { name: "apache" })).id).toBe(created.id);
    const listed = (await invoke("getSourceTemplates", {})).templates as { id: string }[];
    expect(listed.map((t) => t.id)).toEqual([created.id]);
  });
});

describe("OtCollector on the plugin", () => {
  it("adopts by the service's text id, is looked up by name, and is deleted only when allowed", async () => {
    const registered = await service.registerOt({ name: "edge-1", tags: { team: "web" } });
    const created = await plugin.create("OtCollector", "edge", { adopt: { id: registered.id } });
    expect(created.id).toBe(registered.id);
    expect((await invoke("getOtCollector", { name: "edge-1" })).id).toBe(registered.id);
    const picked = (await invoke("getOtCollectors", {
      tags: [[{ key: "team", values: ["web"] }]],
    })) as { collectors: { id: string }[] };
    expect(picked.collectors.map((c) => c.id)).toEqual([registered.id]);
    await expect(plugin.delete("OtCollector", created.id, created.properties)).rejects.toThrow(
      /OtCollector "edge-1" .* was not deleted: the API cannot create an OpenTelemetry collector again/,
    );
    await plugin.delete("OtCollector", created.id, { ...created.properties, allowDelete: true });
    expect((await service.api("GET", `/otCollectors/${registered.id}`)).status).toBe(404);
  });
});
