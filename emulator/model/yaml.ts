/**
 * A small, deterministic YAML writer for JSON values: keys sorted, every string quoted as JSON
 * (which YAML reads the same), empty collections inline. Enough for a source template's
 * rendered config, which is shown and never parsed back by the emulator.
 */
export function toYaml(value: unknown, indent = 0): string {
  return lines(value, indent).join("\n");
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return JSON.stringify(value);
  return String(value);
}

function isCollection(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function isEmpty(value: object): boolean {
  return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
}

function lines(value: unknown, indent: number): string[] {
  const pad = " ".repeat(indent);
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (!isCollection(item) || isEmpty(item))
        return [`${pad}- ${isCollection(item) ? inline(item) : scalar(item)}`];
      const [first, ...rest] = lines(item, indent + 2);
      return [`${pad}- ${(first ?? "").trimStart()}`, ...rest];
    });
  }
  if (isCollection(value)) {
    return Object.keys(value)
      .sort()
      .flatMap((key) => {
        const item = (value as Record<string, unknown>)[key];
        const name = /^[A-Za-z0-9_./-]+$/.test(key) ? key : JSON.stringify(key);
        if (!isCollection(item) || isEmpty(item))
          return [`${pad}${name}: ${isCollection(item) ? inline(item) : scalar(item)}`];
        return [`${pad}${name}:`, ...lines(item, indent + 2)];
      });
  }
  return [`${pad}${scalar(value)}`];
}

function inline(value: object): string {
  return Array.isArray(value) ? "[]" : "{}";
}
