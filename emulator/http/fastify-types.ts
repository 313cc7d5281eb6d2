import type { Caller } from "../accounts";
import type { EmulatorContext } from "../context";
import type { Deployment } from "../deployments";

/** What the API pipeline learns about a request before its handler runs. */
export interface RequestSession {
  id: string;
  /** True when the request carried this session's cookie (false: created for this request). */
  fromCookie: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    emulator: EmulatorContext;
  }
  interface FastifyRequest {
    caller: Caller | null;
    deployment: Deployment | null;
    session: RequestSession | null;
    /** The lost-response fault: commit the write, then drop the connection unanswered. */
    dropResponse: boolean;
    /**
     * The stall fault: commit the write, then hold the answer this long (a client stopped
     * meanwhile never gets it).
     */
    stallMs: number;
  }
}
