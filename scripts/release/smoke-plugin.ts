/**
 * Runs a release's plugin executable once, as the engine would: start it with no Node.js on the
 * PATH, read the port on its first stdout line, ask it GetPluginInfo over gRPC, check the version
 * it answers, and kill it.
 *
 * The release workflow runs this on macOS and Windows runners, the only place the darwin and
 * Windows executables can run (our machines are Linux). There it runs bundled by esbuild
 * (one file, no node_modules), as `npm ci` on a runner is not needed for it, and not possible on
 * Apple silicon (the `node` devDependency has no darwin-arm64 package at its version).
 *
 *   node smoke-plugin.js <executable> <version> [--start-timeout <seconds>]
 */

import { resolve } from "node:path";
import { parseArgs } from "node:util";
import * as grpc from "@grpc/grpc-js";
import type { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { startPlugin, withoutPath } from "./start-plugin";

/** The version a plugin on `port` answers to GetPluginInfo. */
export function pluginVersionOf(port: number, timeoutMs = 30_000): Promise<string> {
  const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return new Promise<string>((resolve, reject) => {
    client.getPluginInfo(
      new Empty(),
      new grpc.Metadata(),
      { deadline: Date.now() + timeoutMs },
      (error: grpc.ServiceError | null, info?: PluginInfo) => {
        if (error || !info) reject(new Error(`GetPluginInfo failed: ${error?.message}`));
        else resolve(info.getVersion());
      },
    );
  }).finally(() => client.close());
}

export interface SmokeResult {
  port: number;
  startMs: number;
  version: string;
}

/** Starts `executable`, checks it serves GetPluginInfo with `version`, and stops it. */
export async function smokePlugin(
  executable: string,
  version: string,
  timeoutMs = 60_000,
): Promise<SmokeResult> {
  const started = await startPlugin(executable, [], withoutPath(), timeoutMs);
  try {
    const answered = await pluginVersionOf(started.port, timeoutMs);
    if (answered !== version) {
      throw new Error(
        `${executable} answers GetPluginInfo with version ${answered}, the release is ${version}`,
      );
    }
    return { port: started.port, startMs: started.startMs, version: answered };
  } finally {
    started.stop();
  }
}

if (require.main === module) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { "start-timeout": { type: "string", default: "60" } },
  });
  const [executable, version] = positionals;
  const seconds = Number(values["start-timeout"]);
  if (!executable || !version || !(seconds > 0)) {
    console.error("usage: node smoke-plugin.js <executable> <version> [--start-timeout <seconds>]");
    process.exit(2);
  }
  // Absolute, so that what it prints names the file wherever the job ran.
  smokePlugin(resolve(executable), version, seconds * 1000).then(
    (result) => {
      console.log(
        `${executable}: printed port ${result.port} in ${Math.round(result.startMs)} ms, ` +
          `answered GetPluginInfo with version ${result.version}`,
      );
      // The gRPC channel may keep the event loop alive a little; the check is done.
      process.exit(0);
    },
    (error: unknown) => {
      console.error(`smoke-plugin: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
