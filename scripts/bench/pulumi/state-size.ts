// How big the state is after `up`: the engine writes the whole state after every step, so the
// bytes each resource brings to it set the pace of a large `up` as much as the service does.
// The dynamic provider's `__provider` text is counted apart: it is the classes' own share.
import type { PulumiWorkspace } from "../../toolchain/pulumi-workspace";

export interface StateSize {
  bytes: number;
  resources: number;
  /** The bytes of `__provider` in one resource's inputs and outputs, summed over resources. */
  providerBytes: number;
  /** How many different `__provider` texts the state holds (one per kind when cached). */
  providerTexts: number;
}

/** The stack's state as `pulumi stack export` prints it, measured. */
export async function stateSize(ws: PulumiWorkspace): Promise<StateSize> {
  const text = (await ws.pulumi(["stack", "export"])).stdout;
  const resources =
    (
      JSON.parse(text) as {
        deployment: {
          resources?: { inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }[];
        };
      }
    ).deployment.resources ?? [];
  let providerBytes = 0;
  const texts = new Set<string>();
  for (const r of resources) {
    for (const bag of [r.inputs, r.outputs]) {
      const p = bag?.__provider;
      if (p === undefined) continue;
      const json = JSON.stringify(p);
      providerBytes += Buffer.byteLength(json);
      texts.add(json);
    }
  }
  return {
    bytes: Buffer.byteLength(text),
    resources: resources.length,
    providerBytes,
    providerTexts: texts.size,
  };
}
