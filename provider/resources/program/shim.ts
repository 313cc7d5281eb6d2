// The provider text the engine keeps in the state (`__provider`) of every resource. It is a
// shim: each method loads the implementation from the installed package when called, so the
// state holds a few lines of code and the resource kind, never credentials, schemas or
// implementation code (old code in a state file would otherwise run on refresh and delete).
//
// The text is written here rather than made by Pulumi's serializeFunction (what
// pulumi.dynamic.Resource does): the engine writes it into the inputs and the outputs of every
// resource, so into every checkpoint of the state twice per resource, and serializeFunction's
// seven wrapped closures took 3,063 bytes (an HTTP source's) where these lines take 497
// (docs/benchmarks-pulumi.md at commit e6e3eb1, "Fleet scale"; the state per resource today:
// docs/benchmarks/pulumi.md). The engine's pulumi-nodejs host loads it the same way:
// require-from-string, then `handler()`, once per distinct text.
//
// `require` in the text belongs to a module compiled from a string with no file name (the
// host uses require-from-string): it resolves bare names from node_modules folders above the
// process's working directory, which the engine sets to the program's directory, but not by the
// package's own name. A require made for a file in that directory (createRequire) resolves both:
// `node_modules/pulumi-collectors` of the program, and the package itself when the program lives
// inside it (its examples), through "exports". The module is named by a literal:
// "pulumi-collectors/resources/runtime" (dispatch.ts) is a contract with every state file.

/** The methods the engine's dynamic-provider host calls. */
const METHODS = ["configure", "check", "diff", "create", "read", "update", "delete"] as const;

const texts = new Map<string, string>();

/**
 * The serialized provider of a resource kind: a CommonJS module whose handler() is the provider.
 * One string per kind, shared by all its resources.
 */
export function providerText(kind: string): string {
  let text = texts.get(kind);
  if (text === undefined) {
    text = writeProviderText(kind);
    texts.set(kind, text);
  }
  return text;
}

function writeProviderText(kind: string): string {
  const methods = METHODS.map((m) => `  ${m}: (...a) => call("${m}", a),`).join("\n");
  return [
    `const kind = ${JSON.stringify(kind)};`,
    "const call = (method, args) =>",
    '  require("node:module")',
    '    .createRequire(process.cwd() + "/")("pulumi-collectors/resources/runtime")',
    "    .dispatch(kind, method, args);",
    `exports.handler = () => ({\n${methods}\n});`,
    "",
  ].join("\n");
}
