// Property values between the engine's protobuf Structs and the resource layer. Secrets travel
// as objects carrying Pulumi's secret signature (@pulumi/pulumi runtime/rpc.js): the layer
// sees plain values, and what goes back is wrapped wherever the kinds' tables say it is secret
// (credentials.ts), since a plugin that accepts secrets must mark its secret outputs itself.
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { isObject, type JsonObject } from "./layer";

/** Properties as the engine sends them: plain JSON. */
export type Values = JsonObject;

/** A Struct as plain values (an absent Struct is an empty object). */
export function fromStruct(struct: Struct | undefined): Values {
  return (struct?.toJavaScript() ?? {}) as Values;
}

export function toStruct(values: Values): Struct {
  return Struct.fromJavaScript(values as Parameters<typeof Struct.fromJavaScript>[0]);
}

/** Whether a value is wrapped as a secret (Pulumi's signature). */
export function isSecret(value: unknown): value is { value: unknown } {
  return isObject(value) && value[specialSigKey] === specialSecretSig;
}

/** The values with every secret unwrapped, however deep. */
export function reveal(value: unknown): unknown {
  if (isSecret(value)) return reveal(value.value);
  if (Array.isArray(value)) return value.map(reveal);
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, reveal(member)]));
  }
  return value;
}

/** reveal() for an object of properties. */
export function revealAll(values: Values): Values {
  return reveal(values) as Values;
}

/** A value wrapped as a secret. */
export function secret(value: unknown): Values {
  return { [specialSigKey]: specialSecretSig, value } as Values;
}
