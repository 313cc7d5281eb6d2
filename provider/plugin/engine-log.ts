// The plugin's lines under a resource in the engine's display (an adoption, a reclaim, an
// upgrade's progress): the engine's Log call at the address it passed, through the stubs of the
// @pulumi/pulumi the plugin is built with. The engine keeps a plugin's stderr out of the display
// (it logs it at high verbosity only), so a line written there would never reach the user.
import * as grpc from "@grpc/grpc-js";
import * as services from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as messages from "@pulumi/pulumi/proto/engine_pb";
import { type EngineModules, engineSink, type ProgressSink } from "./layer";

const MODULES = { grpc, services, messages } as unknown as EngineModules;

/** Lines to the engine at `address`. */
export function engineLog(address: string): ProgressSink {
  return engineSink(address, MODULES);
}
