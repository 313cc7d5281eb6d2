// The oldest Node.js the package runs on (package.json's engines.node; test/package checks the
// two agree). Checked first thing by each command the package starts — `collectors` and the
// plugin's launcher — because an older Node.js gets far enough to fail deep inside undici (a
// missing zstd function) with a stack trace that names neither the cause nor the fix.
export const MINIMUM_NODE = "22.19.0";

/** Why `version` cannot run the package, or undefined when it can. */
export function unsupportedNode(version: string = process.versions.node): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  const [needMajor = 0, needMinor = 0] = MINIMUM_NODE.split(".").map(Number);
  const old = major < needMajor || (major === needMajor && minor < needMinor);
  return old
    ? `needs Node.js ${MINIMUM_NODE} or newer; ${process.execPath} is v${version.replace(/^v/, "")}`
    : undefined;
}

/** Says what `command` needs and exits 1 when this Node.js is too old; `fix` says what to do. */
export function exitOnUnsupportedNode(command: string, fix: string): void {
  const why = unsupportedNode();
  if (!why) return;
  process.stderr.write(`${command} ${why}. ${fix}\n`);
  process.exit(1);
}
