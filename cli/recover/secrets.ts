// Secret values in a stack export. The engine writes a secret as an object carrying its
// signature: `{"<sig key>": "<sig>", "ciphertext": "..."}` (encrypted; this command cannot read
// it) or, exported with --show-secrets, `{"<sig key>": "<sig>", "value": ...}`. A name or a
// collectorId is normally plain, but a program may make any input secret.

// @pulumi/pulumi's specialSigKey and specialSecretSig (runtime/rpc), written out: the command
// line does not load the SDK.
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

function isSecret(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG
  );
}

/** Thrown by reveal() for an encrypted value: nothing here can decrypt it. */
class Encrypted extends Error {}

/** The value with every shown secret unwrapped; throws Encrypted for an encrypted one. */
function reveal(value: unknown): unknown {
  if (isSecret(value)) {
    if (!Object.hasOwn(value, "value")) throw new Encrypted();
    return reveal(value.value);
  }
  if (Array.isArray(value)) return value.map(reveal);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, reveal(member)]));
  }
  return value;
}

export interface RevealedInputs {
  /** The inputs with shown secrets unwrapped, without the ones that are (or hold) encrypted ones. */
  inputs: Record<string, unknown>;
  /** The top-level inputs left out because they are, or hold, an encrypted secret. */
  encrypted: ReadonlySet<string>;
}

/** A pending create's inputs as plain values, as far as this export shows them. */
export function revealInputs(saved: Readonly<Record<string, unknown>>): RevealedInputs {
  const inputs: Record<string, unknown> = {};
  const encrypted = new Set<string>();
  for (const [key, value] of Object.entries(saved)) {
    try {
      inputs[key] = reveal(value);
    } catch (error) {
      if (!(error instanceof Encrypted)) throw error;
      encrypted.add(key);
    }
  }
  return { inputs, encrypted };
}
