// The Markdown pages people read: README, CHANGELOG and CONTRIBUTING at the top, every page of
// docs/ and of examples/, as paths from the repository's root.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..");

export function pages(): string[] {
  const found = ["README.md", "CHANGELOG.md", "CONTRIBUTING.md"].filter((name) =>
    existsSync(join(ROOT, name)),
  );
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "node_modules") walk(path);
      else if (entry.name.endsWith(".md")) found.push(path);
    }
  };
  walk("docs");
  walk("examples");
  return found;
}
