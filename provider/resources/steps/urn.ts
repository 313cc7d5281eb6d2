// The parts of a resource's URN, `urn:pulumi:<stack>::<project>::<type>::<name>`: the one copy,
// for the provider and the command line alike.

/**
 * The URN's logical name: what follows its type. A name may itself hold `::`, so it is
 * everything after the third separator.
 */
export function logicalNameOf(urn: string): string {
  return urn.split("::").slice(3).join("::") || urn;
}

/**
 * The URN's type token (`collectors:index:HttpSource`): the last of its types, which name the
 * parents first, `$`-separated.
 */
export function typeOfUrn(urn: string): string {
  const types = urn.split("::")[2] ?? "";
  return types.slice(types.lastIndexOf("$") + 1);
}
