// A program directory with pulumi-collectors installed in its node_modules, the way a user's
// program has it: the package.json (with its "exports") and the compiled provider. Compiled
// here file by file (TypeScript's transpileModule), so no build of the repository is needed.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import ts from "typescript";

const ROOT = join(__dirname, "..", "..");

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) yield path;
  }
}

export interface ProgramDir {
  dir: string;
  remove(): void;
}

export function programWithPackage(): ProgramDir {
  const dir = mkdtempSync(join(tmpdir(), "pulumi-collectors-program-"));
  const pkg = join(dir, "node_modules", "pulumi-collectors");
  for (const file of sources(join(ROOT, "provider"))) {
    const out = join(pkg, "dist", relative(ROOT, file)).replace(/\.ts$/, ".js");
    const { outputText } = ts.transpileModule(readFileSync(file, "utf8"), {
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2023,
        esModuleInterop: true,
      },
      fileName: file,
    });
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, outputText);
  }
  cpSync(join(ROOT, "package.json"), join(pkg, "package.json"));
  // The package's own dependencies (zod, undici, …), as npm would have installed them.
  symlinkSync(join(ROOT, "node_modules"), join(pkg, "node_modules"), "dir");
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
