// A stand-in for the Pulumi engine's gRPC server on 127.0.0.1: what a provider process watches
// (provider/resources/steps/engine-watch.ts). It answers grpc.health.v1.Health/Check as the engine's does
// (SERVING), or has no service at all (every call UNIMPLEMENTED), or takes the check and never
// answers (a stopped engine). kill() is the engine killed outright: its connections drop and
// nothing listens on the port any more.
import * as grpc from "@grpc/grpc-js";

export type Health = "serving" | "none" | "silent";

export interface FakeEngine {
  address: string;
  /** Health checks received so far. */
  checks(): number;
  kill(): void;
}

const bytes = (value: Buffer) => value;
const HEALTH: grpc.ServiceDefinition = {
  Check: {
    path: "/grpc.health.v1.Health/Check",
    requestStream: false,
    responseStream: false,
    requestSerialize: bytes,
    requestDeserialize: bytes,
    responseSerialize: bytes,
    responseDeserialize: bytes,
  },
};
/** HealthCheckResponse{status: SERVING}: field 1, varint 1. */
const SERVING = Buffer.from([0x08, 0x01]);

export async function startFakeEngine(health: Health): Promise<FakeEngine> {
  const server = new grpc.Server();
  let checks = 0;
  if (health !== "none") {
    server.addService(HEALTH, {
      Check: (_call: unknown, callback: grpc.sendUnaryData<Buffer>) => {
        checks++;
        if (health === "serving") callback(null, SERVING);
      },
    });
  }
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, p) =>
      error ? reject(error) : resolve(p),
    ),
  );
  return {
    address: `127.0.0.1:${port}`,
    checks: () => checks,
    kill: () => server.forceShutdown(),
  };
}

/** An address where nothing listens: a port bound, then released. */
export async function closedAddress(): Promise<string> {
  const engine = await startFakeEngine("none");
  engine.kill();
  return engine.address;
}
