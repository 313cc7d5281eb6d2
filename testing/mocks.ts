// Pulumi's mocks (pulumi.runtime.setMocks) for unit tests of programs that use this package:
// each of our resources is checked the way `preview` checks it — the same check, the same
// failures — and gets what the service would give it: an id in its kind's form (a number, a
// plugin source's under its collector, an OpenTelemetry collector's or source template's 16
// hexadecimal characters; an adopted object's own), its server-set fields, and an HTTP source's
// url and a syslog source's token as secrets. Resources of other providers go to the mocks given
// for them.
import * as pulumi from "@pulumi/pulumi";
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import { isSecret, revealAll } from "../provider/plugin/values";
import { kindNamed } from "../provider/resources/kinds";
import type { EntityKind } from "../provider/resources/kinds/kind";
import { toId } from "../provider/resources/kinds/schemas";
import { check } from "../provider/resources/steps/check";
import { nameFromUrn } from "../provider/resources/steps/naming";

type Mocks = pulumi.runtime.Mocks;
type MockResourceArgs = pulumi.runtime.MockResourceArgs;

/** The kind a type token names: a dynamic class's, or the plugin's SDKs'. */
const TYPE_TOKEN = /^(?:pulumi-nodejs:dynamic\/collectors|collectors:index):(\w+)$/;

/** Check's failures as the engine reports them: one line per property. */
function checkFailed(type: string, name: string, failures: { property: string; reason: string }[]) {
  return new Error(
    failures
      .map((f) => `${type} resource '${name}': property ${f.property} has a problem: ${f.reason}`)
      .join("\n"),
  );
}

const secret = (value: unknown) => ({ [specialSigKey]: specialSecretSig, value });

/** The build an OpenTelemetry collector reports running (made up, in the service's form). */
const OT_VERSION = "0.118.0-sumo-0";

/** What the service sets on a new object of `kind`, in its shapes (made up, never real). */
function serverSet(kind: EntityKind, state: Record<string, unknown>, id: number) {
  if (kind.collection === "otCollectors") {
    // As one that registered itself and reports: alive, configured through source templates.
    return {
      alive: true,
      ephemeral: false,
      isRemotelyManaged: true,
      version: { currentVersion: OT_VERSION, latestAvailableVersion: OT_VERSION },
    };
  }
  if (kind.collection === "sourceTemplates") {
    // No OT collector exists under the mocks, so the selector links none.
    return {
      status: state.isEnabled === false ? "disable" : "enable",
      totalCollectorLinked: 0,
      config: renderedConfig(state.inputJson),
    };
  }
  if (kind.collection === "collectors") {
    const installed = kind.kind === "InstalledCollector";
    return {
      collectorType: installed ? "Installable" : "Hosted",
      alive: true,
      ...(installed
        ? { collectorVersion: "19.0-1", osName: "Linux", osVersion: "6.1", osArch: "amd64" }
        : {}),
    };
  }
  const { sourceType } = kind.fixed(state) as { sourceType?: string };
  const token = `MockToken${String(id).padStart(12, "0")}`;
  return {
    sourceType,
    ...(sourceType === "HTTP"
      ? { url: secret(`https://endpoint1.collection.collectors.invalid/receiver/v1/http/${token}`) }
      : {}),
    ...(sourceType === "Cloudsyslog" ? { token: secret(`${token}@41123`) } : {}),
  };
}

/** A template's collector configuration as the service renders it (here its JSON, which is YAML). */
function renderedConfig(inputJson: unknown): string {
  const given = (inputJson ?? {}) as Record<string, unknown>;
  return `${JSON.stringify({ receivers: given.receivers ?? {}, processors: given.processors ?? {} }, null, 2)}\n`;
}

/**
 * The service's id of the object: the adopted one's (as the steps address it), else a new one in
 * the kind's form (16 upper-case hexadecimal characters for the OpenTelemetry APIs' objects).
 */
function serviceId(kind: EntityKind, state: Record<string, unknown>, serial: number): string {
  const adopted = (state.adopt as { id?: unknown } | undefined)?.id;
  if (adopted !== undefined && adopted !== null) {
    return kind.adoptedId ? kind.adoptedId(adopted) : String(toId(adopted));
  }
  return kind.adoptedId ? serial.toString(16).toUpperCase().padStart(16, "0") : String(serial);
}

/**
 * Mocks for `pulumi.runtime.setMocks`. Our resources are checked and answered here; any other
 * resource and every call go to `others` (by default a resource's state is its inputs, and a call
 * returns its arguments).
 */
export function collectorsMocks(others: Partial<Mocks> = {}): Mocks {
  let nextId = 100_000_000;
  return {
    async newResource(args: MockResourceArgs) {
      const match = TYPE_TOKEN.exec(args.type);
      const kind = match ? kindNamed(match[1] as string) : undefined;
      if (!kind) {
        return others.newResource
          ? others.newResource(args)
          : { id: `${args.name}-id`, state: args.inputs };
      }
      // The mocks give no URN: the one a resource without a parent gets (the classes pass theirs).
      const urn = `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::${args.type}::${args.name}`;
      // Secret inputs (a credential, a template's inputJson) come wrapped: check takes values.
      const inputs = { __autoname: args.name, __urn: urn, ...revealAll(args.inputs) };
      const checked = await check(kind, {}, inputs);
      if (checked.failures?.length) {
        throw checkFailed(args.type, args.name, checked.failures);
      }
      const state: Record<string, unknown> = Object.fromEntries(
        Object.entries(checked.inputs ?? {}).filter(([key]) => !key.startsWith("__")),
      );
      state.name ??= nameFromUrn(String(inputs.__urn));
      const serial = ++nextId;
      const id = serviceId(kind, state, serial);
      Object.assign(state, serverSet(kind, state, serial), { adopted: state.adopt !== undefined });
      // What was given as a secret comes back as one, as the engine keeps it.
      for (const [key, given] of Object.entries(args.inputs)) {
        if (isSecret(given) && state[key] !== undefined) state[key] = secret(state[key]);
      }
      const plugin = args.type.startsWith("collectors:");
      const parent = kind.parent === undefined ? undefined : state[kind.parent];
      return { id: plugin && parent !== undefined ? `${parent}/${id}` : id, state };
    },
    call(args) {
      return others.call ? others.call(args) : args.inputs;
    },
  };
}

/** What an Output holds besides its value (public in the SDK's code, not in its types). */
interface OutputPromises {
  promise(): Promise<unknown>;
  isKnown: Promise<boolean>;
  isSecret: Promise<boolean>;
}

/**
 * The error the first of these resources failed to register with under the mocks (check's
 * failures, for input preview would refuse), or undefined once all registered. It handles the
 * rejection of every output of each, so the test runner reports no unhandled ones: call it right
 * after making them. A resource whose inputs come from a failed one fails too, and Pulumi's SDK
 * reports that as an unhandled rejection of its own: test refusals on resources nothing depends
 * on.
 */
export async function registrationError(
  ...resources: pulumi.Resource[]
): Promise<Error | undefined> {
  const outputs = resources.flatMap(
    (resource) => Object.values(resource).filter(pulumi.Output.isInstance) as unknown[],
  ) as OutputPromises[];
  const ignore = () => undefined;
  // An output's value, whether it is known, and whether it is secret reject each on its own.
  const settled = await Promise.allSettled(
    outputs.flatMap((o) => [o.promise(), o.isKnown.catch(ignore), o.isSecret.catch(ignore)]),
  );
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  return failed?.reason as Error | undefined;
}
