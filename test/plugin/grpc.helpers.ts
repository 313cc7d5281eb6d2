// A gRPC client of the plugin's ResourceProvider service, served on 127.0.0.1 port 0 in the test
// process, with calls on plain values (the engine's side of the protocol).
import * as grpc from "@grpc/grpc-js";
import * as services from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as messages from "@pulumi/pulumi/proto/provider_pb";
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { CollectorsProvider } from "../../provider/plugin/provider";
import { serve } from "../../provider/plugin/server";
import type { RuntimeOptions } from "../../provider/resources/steps/runtime";

type Values = Record<string, unknown>;
const struct = (values: Values) =>
  Struct.fromJavaScript(values as Parameters<typeof Struct.fromJavaScript>[0]);
const plain = (value: Struct | undefined) => (value?.toJavaScript() ?? {}) as Values;

export const TYPE = (kind: string) => `collectors:index:${kind}`;
export const urnOf = (kind: string, name: string) =>
  `urn:pulumi:dev::project::${TYPE(kind)}::${name}`;

export const secretOf = (value: unknown) => ({ [specialSigKey]: specialSecretSig, value });
export const isSecret = (value: unknown) =>
  typeof value === "object" &&
  value !== null &&
  (value as Values)[specialSigKey] === specialSecretSig;

export interface Plugin {
  provider: CollectorsProvider;
  close(): Promise<void>;
  call<Res>(method: string, request: unknown): Promise<Res>;
  configure(args: Values): Promise<messages.ConfigureResponse>;
  check(
    kind: string,
    name: string,
    news: Values,
    olds?: Values,
  ): Promise<{ inputs: Values; failures: { property: string; reason: string }[] }>;
  diff(
    kind: string,
    id: string,
    olds: Values,
    news: Values,
  ): Promise<messages.DiffResponse.AsObject & { detailed: Record<string, number> }>;
  create(kind: string, name: string, props: Values): Promise<{ id: string; properties: Values }>;
  read(
    kind: string,
    id: string,
    props?: Values,
  ): Promise<{ id: string; properties: Values; inputs: Values }>;
  update(
    kind: string,
    name: string,
    id: string,
    olds: Values,
    news: Values,
  ): Promise<{ properties: Values }>;
  delete(kind: string, id: string, props: Values): Promise<void>;
  cancel(): Promise<void>;
}

/** The plugin served on a free port, and a client of it. */
export async function startPlugin(options: RuntimeOptions = {}): Promise<Plugin> {
  const provider = new CollectorsProvider(options);
  const { server, port } = await serve(provider);
  const client = new services.ResourceProviderClient(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
  );
  const call = <Res>(method: string, request: unknown) =>
    new Promise<Res>((resolve, reject) => {
      type Unary = (request: unknown, done: (error: Error | null, response: Res) => void) => void;
      const fn = (client as unknown as Record<string, Unary>)[method] as Unary;
      fn.call(client, request, (error, response) => (error ? reject(error) : resolve(response)));
    });
  return {
    provider,
    call,
    close: async () => {
      client.close();
      await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
    },
    configure: (args) =>
      call(
        "configure",
        new messages.ConfigureRequest().setArgs(struct(args)).setAcceptsecrets(true),
      ),
    check: async (kind, name, news, olds = {}) => {
      const response = await call<messages.CheckResponse>(
        "check",
        new messages.CheckRequest()
          .setUrn(urnOf(kind, name))
          .setType(TYPE(kind))
          .setName(name)
          .setOlds(struct(olds))
          .setNews(struct(news)),
      );
      return {
        inputs: plain(response.getInputs()),
        failures: response.getFailuresList().map((f) => ({
          property: f.getProperty(),
          reason: f.getReason(),
        })),
      };
    },
    diff: async (kind, id, olds, news) => {
      const response = await call<messages.DiffResponse>(
        "diff",
        new messages.DiffRequest()
          .setType(TYPE(kind))
          .setUrn(urnOf(kind, "r"))
          .setId(id)
          .setOlds(struct(olds))
          .setNews(struct(news)),
      );
      const detailed: Record<string, number> = {};
      response.getDetaileddiffMap().forEach((diff, key) => {
        detailed[key] = diff.getKind();
      });
      return { ...response.toObject(), detailed };
    },
    create: async (kind, name, props) => {
      const response = await call<messages.CreateResponse>(
        "create",
        new messages.CreateRequest()
          .setType(TYPE(kind))
          .setUrn(urnOf(kind, name))
          .setProperties(struct(props)),
      );
      return { id: response.getId(), properties: plain(response.getProperties()) };
    },
    read: async (kind, id, props = {}) => {
      const response = await call<messages.ReadResponse>(
        "read",
        new messages.ReadRequest()
          .setType(TYPE(kind))
          .setUrn(urnOf(kind, "r"))
          .setId(id)
          .setProperties(struct(props)),
      );
      return {
        id: response.getId(),
        properties: plain(response.getProperties()),
        inputs: plain(response.getInputs()),
      };
    },
    update: async (kind, name, id, olds, news) => {
      const response = await call<messages.UpdateResponse>(
        "update",
        new messages.UpdateRequest()
          .setType(TYPE(kind))
          .setUrn(urnOf(kind, name))
          .setId(id)
          .setOlds(struct(olds))
          .setNews(struct(news)),
      );
      return { properties: plain(response.getProperties()) };
    },
    delete: async (kind, id, props) => {
      await call(
        "delete",
        new messages.DeleteRequest()
          .setType(TYPE(kind))
          .setUrn(urnOf(kind, "r"))
          .setId(id)
          .setProperties(struct(props)),
      );
    },
    cancel: async () => {
      await call("cancel", new Empty());
    },
  };
}
