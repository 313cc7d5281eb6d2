// The generated files: index.ts from the plan, and around it a ready Pulumi TypeScript project
// (Pulumi.yaml, package.json, tsconfig.json, Pulumi.<stack>.yaml with the non-secret config, and
// .npmrc when the package comes from a folder).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isBundled, packageInfo } from "../../provider/plugin/version";
import { UsageError } from "../shared/output";
import { programNotes } from "./notes";
import type { PackageSource } from "./package-spec";
import { CONFIG_VARIABLE, type ExportPlan, PACKAGE_ALIAS } from "./plan";
import { commentLines, statementLines, stringLiteral } from "./render";

export const PACKAGE_NAME = "pulumi-collectors";

/** index.ts: imports, the config object when secrets need it, then one group per collector. */
export function programText(plan: ExportPlan): string {
  const lines = programNotes(plan, "typescript").flatMap((text, i) => [
    ...(i > 0 ? ["//"] : []),
    ...commentLines(text),
  ]);
  if (plan.secrets.length > 0) lines.push('import * as pulumi from "@pulumi/pulumi";');
  lines.push(`import * as ${PACKAGE_ALIAS} from ${stringLiteral(PACKAGE_NAME)};`);
  if (plan.secrets.length > 0) {
    lines.push("", `const ${CONFIG_VARIABLE} = new pulumi.Config();`);
  }
  for (const group of plan.groups) {
    lines.push("");
    for (const statement of group.statements) lines.push(...statementLines(statement));
  }
  return `${lines.join("\n")}\n`;
}

export interface OwnPackage {
  /** The package's folder; undefined in the self-contained executable, which has none. */
  root: string | undefined;
  version: string;
  /** The @pulumi/pulumi range the package peers on (the generated project depends on it). */
  pulumiRange: string;
}

/** This package, found above this file (src or dist), or as the bundle's build wrote it in. */
export function ownPackage(): OwnPackage {
  if (isBundled()) {
    const info = packageInfo();
    return { root: undefined, version: info.version, pulumiRange: info.pulumiSdkRange };
  }
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, "utf8"));
      if (manifest.name === PACKAGE_NAME) {
        const pulumiRange = manifest.peerDependencies?.["@pulumi/pulumi"] ?? "^3.259.0";
        return { root: dir, version: manifest.version, pulumiRange };
      }
    }
    if (dirname(dir) === dir) throw new Error(`no ${PACKAGE_NAME} package.json above ${__dirname}`);
  }
}

/** A Pulumi project name from the folder's: letters, digits, `-`, `_`, `.`. */
export function projectNameOf(dir: string): string {
  const base = (dir.split(/[\\/]/).filter(Boolean).at(-1) ?? "")
    .replace(/[^A-Za-z0-9_.-]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "");
  return base || "collectors";
}

/** Settings the generated stack file carries (never the access key). */
export interface StackSettings {
  accessId?: string | undefined;
  deployment?: string | undefined;
  endpoint?: string | undefined;
}

function yamlString(value: string): string {
  return JSON.stringify(value); // a JSON string is a valid YAML scalar
}

export const PROJECT_DESCRIPTION = "Collectors and sources exported by `collectors export`.";

/** Pulumi.<stack>.yaml: where the provider connects, never the access key. */
export function stackFile(stack: string, settings: StackSettings): Record<string, string> {
  const config: string[] = [];
  if (settings.accessId) config.push(`  collectors:accessId: ${yamlString(settings.accessId)}`);
  if (settings.endpoint) config.push(`  collectors:endpoint: ${yamlString(settings.endpoint)}`);
  else if (settings.deployment) {
    config.push(`  collectors:deployment: ${yamlString(settings.deployment)}`);
  }
  return {
    [`Pulumi.${stack}.yaml`]: [
      "# Non-secret settings only. Secrets: `pulumi config set --secret …` (see the export's output).",
      ...(config.length > 0 ? ["config:", ...config] : ["config: {}"]),
      "",
    ].join("\n"),
  };
}

export function projectFiles(
  projectName: string,
  stack: string,
  settings: StackSettings,
  program: string,
  source: PackageSource,
): Record<string, string> {
  const { pulumiRange } = ownPackage();
  return {
    "Pulumi.yaml": [
      `name: ${yamlString(projectName)}`,
      "runtime: nodejs",
      `description: ${yamlString(PROJECT_DESCRIPTION)}`,
      "",
    ].join("\n"),
    ...stackFile(stack, settings),
    "package.json": `${JSON.stringify(
      {
        name: projectName.toLowerCase().replace(/[^a-z0-9._-]+/g, "-"),
        private: true,
        main: "index.ts",
        dependencies: {
          "@pulumi/pulumi": pulumiRange,
          [PACKAGE_NAME]: source.spec,
        },
        devDependencies: { "@types/node": "^22.0.0", typescript: "^5.9.0" },
      },
      null,
      2,
    )}\n`,
    "tsconfig.json": `${JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          target: "ES2022",
          module: "node16",
          moduleResolution: "node16",
          outDir: "bin",
          skipLibCheck: true,
        },
        files: ["index.ts"],
      },
      null,
      2,
    )}\n`,
    "index.ts": program,
    ...(source.folder
      ? {
          ".npmrc": [
            "# pulumi-collectors comes from a folder: install it as a copy, as from the tarball `npm pack`",
            "# makes, not as a symlink (through which the program would load a second @pulumi/pulumi).",
            "install-links=true",
            "",
          ].join("\n"),
        }
      : {}),
  };
}

export interface WriteOptions {
  out: string;
  force: boolean;
  programOnly: boolean;
}

/**
 * Refuses a destination before anything is read: a whole project goes only into a missing or
 * empty folder unless `force`; with `programOnly`, index.ts goes into an existing project (a
 * Pulumi.yaml there) and replaces an index.ts only with `force`.
 */
export function checkDestination(options: WriteOptions): void {
  const { out, force, programOnly } = options;
  if (programOnly) {
    if (!existsSync(join(out, "Pulumi.yaml"))) {
      throw new UsageError(
        `--program-only writes index.ts into an existing Pulumi project, and ${out} has no Pulumi.yaml; leave out --program-only to write a whole project`,
      );
    }
    if (existsSync(join(out, "index.ts")) && !force) {
      throw new UsageError(`${join(out, "index.ts")} exists; pass --force to replace it`);
    }
  } else if (existsSync(out) && readdirSync(out).length > 0 && !force) {
    throw new UsageError(
      `${out} is not empty; choose another --out, or pass --force to write the project's files over the ones there (other files are left alone)`,
    );
  }
}

/** Writes the files (only index.ts with `programOnly`); nothing else in the folder is touched. */
export function writeFiles(files: Record<string, string>, options: WriteOptions): string[] {
  checkDestination(options);
  const chosen = options.programOnly ? { "index.ts": files["index.ts"] as string } : files;
  mkdirSync(options.out, { recursive: true });
  const written: string[] = [];
  for (const [name, text] of Object.entries(chosen)) {
    writeFileSync(join(options.out, name), text);
    written.push(name);
  }
  return written;
}
