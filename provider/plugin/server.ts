// The ResourceProvider gRPC service on @grpc/grpc-js, with the generated stubs @pulumi/pulumi
// ships (as its own dynamic-provider host serves them). Not @pulumi/pulumi/provider's main():
// it drops Configure's args and variables, CheckConfig, detailedDiff, the random seed and
// autonaming. Each handler translates a request into a CollectorsProvider call and its result
// into the response; Handshake, Attach, Construct, Call and the mappings are left unimplemented
// (grpc-js answers UNIMPLEMENTED), so the engine never sends Create/Update in a preview.
import * as grpc from "@grpc/grpc-js";
import { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import * as services from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as messages from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { changedSettings, checkConfig } from "./config";
import { InFlight, typeOfUrn } from "./layer";
import { type CollectorsProvider, InitFailed } from "./provider";
import { fromStruct, toStruct } from "./values";
import { pluginVersion } from "./version";

type Failure = { property: string; reason: string };

function failuresOf(list: readonly Failure[]): messages.CheckFailure[] {
  return list.map(({ property, reason }) => {
    const failure = new messages.CheckFailure();
    failure.setProperty(property);
    failure.setReason(reason);
    return failure;
  });
}

/** The gRPC error of a failed call; a write that failed after the object was made carries it. */
function grpcError(error: unknown): Partial<grpc.StatusObject> {
  const message = error instanceof Error ? error.message : String(error);
  const metadata = new grpc.Metadata();
  if (error instanceof InitFailed) {
    const detail = new messages.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(toStruct(error.properties));
    detail.setReasonsList(error.reasons);
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}

/**
 * Unary handlers from async functions; a rejection becomes the call's gRPC error. Each call is
 * tracked in `calls` until answered (an engine gone gives them a grace, engine-gone.ts).
 */
const unaryCalls =
  (calls: InFlight) =>
  <Req, Res>(run: (request: Req) => Promise<Res> | Res): grpc.handleUnaryCall<Req, Res> =>
  (call, callback) => {
    calls.track(
      Promise.resolve()
        .then(() => run(call.request))
        .then(
          (response) => callback(null, response),
          (error) => callback(grpcError(error), null),
        ),
    );
  };

const variablesOf = (request: messages.ConfigureRequest) =>
  new Map(request.getVariablesMap().toArray() as [string, string][]);

/** The service's handlers, over one provider. */
export function resourceProviderService(
  provider: CollectorsProvider,
  calls = new InFlight(),
): Partial<services.IResourceProviderServer> {
  const unary = unaryCalls(calls);
  const schemaText = JSON.stringify(provider.schema);
  return {
    getPluginInfo: unary(() => new PluginInfo().setVersion(pluginVersion())),
    getSchema: unary(() => new messages.GetSchemaResponse().setSchema(schemaText)),
    checkConfig: unary((req: messages.CheckRequest) => {
      const news = fromStruct(req.getNews());
      return new messages.CheckResponse()
        .setInputs(toStruct(news))
        .setFailuresList(failuresOf(checkConfig(news)));
    }),
    diffConfig: unary((req: messages.DiffRequest) => {
      const changed = changedSettings(
        fromStruct(req.getOldInputs() ?? req.getOlds()),
        fromStruct(req.getNews()),
      );
      return new messages.DiffResponse()
        .setChanges(
          changed.length > 0
            ? messages.DiffResponse.DiffChanges.DIFF_SOME
            : messages.DiffResponse.DiffChanges.DIFF_NONE,
        )
        .setDiffsList(changed);
    }),
    configure: unary((req: messages.ConfigureRequest) => {
      provider.configure(fromStruct(req.getArgs()), variablesOf(req));
      return new messages.ConfigureResponse()
        .setAcceptsecrets(true)
        .setAcceptresources(false)
        .setSupportspreview(false)
        .setSupportsAutonamingConfiguration(true);
    }),
    check: unary(async (req: messages.CheckRequest) => {
      const naming = req.getAutonaming();
      const outcome = await provider.check(
        req.getType() || typeOfUrn(req.getUrn()),
        req.getUrn(),
        fromStruct(req.getOlds()),
        fromStruct(req.getNews()),
        naming && { proposedName: naming.getProposedName(), mode: naming.getMode() },
      );
      return new messages.CheckResponse()
        .setInputs(toStruct(outcome.inputs))
        .setFailuresList(failuresOf(outcome.failures));
    }),
    diff: unary(async (req: messages.DiffRequest) => {
      const outcome = await provider.diff(
        req.getType() || typeOfUrn(req.getUrn()),
        req.getId(),
        fromStruct(req.getOlds()),
        fromStruct(req.getNews()),
      );
      const detailed = Object.entries(outcome.detailed).map(([key, kind]) => {
        const diff = new messages.PropertyDiff();
        diff.setKind(kind as messages.PropertyDiff.Kind);
        diff.setInputdiff(true);
        return [key, diff] as const;
      });
      const response = new messages.DiffResponse()
        .setChanges(
          outcome.changes
            ? messages.DiffResponse.DiffChanges.DIFF_SOME
            : messages.DiffResponse.DiffChanges.DIFF_NONE,
        )
        .setReplacesList(outcome.replaces)
        .setDeletebeforereplace(outcome.deleteBeforeReplace)
        .setDiffsList(Object.keys(outcome.detailed))
        .setHasdetaileddiff(true);
      for (const [key, diff] of detailed) response.getDetaileddiffMap().set(key, diff);
      return response;
    }),
    create: unary(async (req: messages.CreateRequest) => {
      const created = await provider.create(
        req.getType() || typeOfUrn(req.getUrn()),
        req.getUrn(),
        fromStruct(req.getProperties()),
        req.getTimeout(),
      );
      return new messages.CreateResponse()
        .setId(created.id)
        .setProperties(toStruct(created.properties));
    }),
    read: unary(async (req: messages.ReadRequest) => {
      const found = await provider.read(
        req.getType() || typeOfUrn(req.getUrn()),
        req.getId(),
        fromStruct(req.getProperties()),
      );
      const response = new messages.ReadResponse().setId(found.id);
      if (found.id === "") return response;
      return response.setProperties(toStruct(found.properties)).setInputs(toStruct(found.inputs));
    }),
    update: unary(async (req: messages.UpdateRequest) => {
      const updated = await provider.update(
        req.getType() || typeOfUrn(req.getUrn()),
        req.getUrn(),
        req.getId(),
        fromStruct(req.getOlds()),
        fromStruct(req.getNews()),
        req.getTimeout(),
      );
      return new messages.UpdateResponse().setProperties(toStruct(updated.properties));
    }),
    delete: unary(async (req: messages.DeleteRequest) => {
      await provider.delete(
        req.getType() || typeOfUrn(req.getUrn()),
        req.getUrn(),
        req.getId(),
        fromStruct(req.getProperties()),
      );
      return new Empty();
    }),
    invoke: unary(async (req: messages.InvokeRequest) => {
      const outcome = await provider.invoke(req.getTok(), fromStruct(req.getArgs()));
      const response = new messages.InvokeResponse().setFailuresList(failuresOf(outcome.failures));
      return outcome.result ? response.setReturn(toStruct(outcome.result)) : response;
    }),
    cancel: unary(() => {
      provider.cancel("the Pulumi engine cancelled the deployment");
      return new Empty();
    }),
  };
}

/**
 * Serves the provider on 127.0.0.1 (port 0: a free one); resolves with the server, the port and
 * the calls in progress.
 */
export async function serve(
  provider: CollectorsProvider,
  port = 0,
): Promise<{ server: grpc.Server; port: number; calls: InFlight }> {
  const calls = new InFlight();
  const server = new grpc.Server({
    "grpc.max_receive_message_length": 400 * 1024 * 1024,
    "grpc.max_send_message_length": 400 * 1024 * 1024,
  });
  server.addService(
    services.ResourceProviderService,
    resourceProviderService(provider, calls) as grpc.UntypedServiceImplementation,
  );
  const bound = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (error, p) =>
      error ? reject(error) : resolve(p),
    );
  });
  return { server, port: bound, calls };
}
