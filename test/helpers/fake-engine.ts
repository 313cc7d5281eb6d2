// A stand-in for the Pulumi engine's gRPC server on 127.0.0.1: what a provider process watches
// (provider/resources/steps/engine-watch.ts). It answers grpc.health.v1.Health/Check as the
// engine's does (SERVING), or has no service at all (every call UNIMPLEMENTED), or takes the
// check and never answers (a stopped engine). kill() is the engine killed outright: its
// connections close and nothing listens on the port any more (a check in flight then ends
// CANCELLED, the server's own shutdown; a relay's drop() ends it as a killed process would).
import { type AddressInfo, createServer, Socket } from "node:net";
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

/** A port in front of an engine: connections to it are passed on to the engine. */
export interface Relay {
  address: string;
  /**
   * Closes every connection through the relay at once, without a word of gRPC: what the engine's
   * process killed with a check in flight leaves (a server's own shutdown cancels its calls
   * instead). The port still takes new connections.
   */
  drop(): void;
  close(): void;
}

export async function startRelay(to: FakeEngine): Promise<Relay> {
  const [host, port] = to.address.split(":") as [string, string];
  const sockets = new Set<Socket>();
  const keep = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  };
  const server = createServer((client) => {
    const engine = new Socket();
    keep(client);
    keep(engine);
    engine.connect(Number(port), host);
    client.pipe(engine).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const drop = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    drop,
    close: () => {
      drop();
      server.close();
    },
  };
}
