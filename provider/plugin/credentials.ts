// The credentials inside the properties the plugin returns, found the one way the kinds' tables
// name them (mapCredentials): each one wrapped as a secret, so the engine encrypts exactly those
// leaves (an S3 source's awsKey, not its bucket); or, in what Read hands `pulumi import` and
// `get` as inputs, masked. The import writes the inputs into the program it generates
// (pulumi-yaml 1.25 even in plain text, pulumi-yaml#488), so every credential becomes the mask
// the service itself shows for one, "********", which the layer already reads as "no value
// given" (it never sends it, never diffs on it). The user puts the real value in from secret
// config.
import { type CredentialSpec, MASK, mapCredentials } from "./layer";
import { secret, type Values } from "./values";

/** Where the credentials are in each property of a resource that holds any. */
export type Credentials = Readonly<Record<string, CredentialSpec>>;

/** A property that is a secret as a whole (a server-set token, `unmanaged`). */
export const WHOLE: CredentialSpec = { secret: true };

/** The properties with every credential of these specs masked. */
export function withoutCredentials(specs: Credentials, values: Values): Values {
  return eachProperty(specs, values, () => MASK);
}

/** The properties with every credential of these specs wrapped as a secret, the rest in clear. */
export function withSecretCredentials(specs: Credentials, values: Values): Values {
  return eachProperty(specs, values, secret);
}

function eachProperty(
  specs: Credentials,
  values: Values,
  replace: (credential: unknown) => unknown,
): Values {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      const spec = Object.hasOwn(specs, key) ? specs[key] : undefined;
      return [key, spec ? mapCredentials(spec, value, replace) : value];
    }),
  );
}
