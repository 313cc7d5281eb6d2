// Progress of long operations (an upgrade task), shown by the Pulumi engine while it runs.
//
// A dynamic provider has no logging API: pulumi.log needs the program's runtime, which the
// provider process does not have (it falls back to stdout there). But the engine starts that
// process with the address of its Engine gRPC service (engine-address.ts), and the Engine's Log
// call takes a severity, a message, the URN of the resource it is about and an `ephemeral` flag:
// the same call Pulumi's own providers use for their status lines. We call it with the @pulumi/pulumi copy that runs the host. The
// resource class passes its URN as the hidden input `__urn`; without one (or outside the engine)
// lines go to stderr, which the engine shows as global messages of the deployment.
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { settleWithin } from "../../api";
import { hostEngineAddress } from "./engine-address";

export type ProgressSeverity = "info" | "warning";

export interface ProgressEvent {
  /** The resource the line is about; the engine shows it under that resource. */
  urn?: string | undefined;
  message: string;
  /** A transient status (the display's info column) rather than a lasting diagnostic. */
  ephemeral?: boolean;
  severity?: ProgressSeverity;
}

export type ProgressSink = (event: ProgressEvent) => void | Promise<void>;

const stderrSink: ProgressSink = (event) => {
  // Transient status lines would only repeat themselves in a log.
  if (!event.ephemeral) process.stderr.write(`${event.message}\n`);
};

/** What a Log call needs: grpc-js and the engine's generated stubs, from one @pulumi/pulumi. */
export interface EngineModules {
  grpc: { credentials: { createInsecure(): unknown } };
  services: { EngineClient: new (address: string, credentials: unknown) => EngineClient };
  messages: {
    LogRequest: new () => LogRequest;
    LogSeverity: { INFO: number; WARNING: number };
  };
}
interface EngineClient {
  log(request: LogRequest, callback: (error: Error | null) => void): void;
}
interface LogRequest {
  setSeverity(value: number): void;
  setMessage(value: string): void;
  setUrn(value: string): void;
  setStreamid(value: number): void;
  setEphemeral(value: boolean): void;
}

/**
 * The modules of the @pulumi/pulumi copy that runs the dynamic-provider host at `hostScript`
 * (<@pulumi/pulumi>/cmd/dynamic-provider/index.js); undefined when they cannot be loaded.
 */
export function hostEngineModules(hostScript: string): EngineModules | undefined {
  try {
    const root = resolve(dirname(hostScript), "..", "..");
    const load = createRequire(join(root, "package.json"));
    return {
      grpc: load("@grpc/grpc-js"),
      services: load("./proto/engine_grpc_pb"),
      messages: load("./proto/engine_pb"),
    };
  } catch {
    return undefined;
  }
}

/** A sink calling the engine's Log at `address`; a line without a URN goes to stderr. */
export function engineSink(address: string, modules: EngineModules): ProgressSink {
  const { grpc, services, messages } = modules;
  const client = new services.EngineClient(address, grpc.credentials.createInsecure());
  return (event) =>
    new Promise<void>((done) => {
      if (!event.urn) {
        stderrSink(event);
        done();
        return;
      }
      const request = new messages.LogRequest();
      request.setSeverity(
        event.severity === "warning" ? messages.LogSeverity.WARNING : messages.LogSeverity.INFO,
      );
      request.setMessage(event.message);
      request.setUrn(event.urn);
      request.setStreamid(0);
      request.setEphemeral(event.ephemeral === true);
      client.log(request, (error) => {
        if (error) stderrSink(event);
        done();
      });
    });
}

/** The sink of the engine's provider host (or stderr outside it), chosen once per process. */
let chosen: ProgressSink | undefined;
export function defaultSink(): ProgressSink {
  if (!chosen) {
    const address = hostEngineAddress();
    const modules = address && hostEngineModules(process.argv[1] as string);
    chosen = address && modules ? engineSink(address, modules) : stderrSink;
  }
  return chosen;
}

/**
 * Lines to a sink, in order, each given at most `lineMs` before the next one goes (a stalled
 * engine Log call holds nothing up for longer). Reporting never fails and never waits.
 */
export class ProgressChannel {
  #last: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly sink: () => ProgressSink,
    private readonly lineMs: number,
  ) {}

  report(event: ProgressEvent): void {
    const deliver = async () => {
      try {
        await this.sink()(event);
      } catch {
        // Progress is a courtesy: losing a line must not fail the operation.
      }
    };
    this.#last = this.#last.then(() => settleWithin(deliver(), { ms: this.lineMs }));
  }

  /** Waits (`maxMs` at most) until the lines reported so far are delivered. */
  async flush(maxMs: number): Promise<void> {
    await settleWithin(this.#last, { ms: maxMs });
  }
}
