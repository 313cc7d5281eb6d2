// `collectors export`: reads collectors and sources from the account and writes a Pulumi
// program that adopts every one of them (TypeScript on the package's classes, or YAML on the
// provider plugin), plus a ready project around it.
import { resolve } from "node:path";
import { type CollectorsClient, deploymentBaseUrl, ENV } from "../../provider/api";
import { packageInfo } from "../../provider/plugin/version";
import { type CommandIO, commandAction, processIO } from "../shared/action";
import type { Command } from "../shared/commander";
import { addConnectionOptions } from "../shared/connection";
import { globToRegExp } from "../shared/name-glob";
import { type CommandResult, EXIT, type Output, UsageError } from "../shared/output";
import { progressOn } from "../shared/progress";
import { LANGUAGES } from "./notes";
import {
  givenSource,
  installedSource,
  type PackageSource,
  packageSetup,
  registrySource,
} from "./package-spec";
import { type ExportPlan, type PlanSettings, planExport } from "./plan";
import { pluginSetup, pluginTarball, releasePluginSetup } from "./plugin-source";
import {
  checkDestination,
  ownPackage,
  programText,
  projectFiles,
  projectNameOf,
  type StackSettings,
  stackFile,
  writeFiles,
} from "./project";
import { EXPORT_KINDS, type ExportKind, readAccount } from "./read";
import { type ProjectSetup, type ReportContext, reportText } from "./report";
import { yamlProgram } from "./yaml";

export const DEFAULT_STACK = "dev";

/** How the project is written: what `collectors export` and `collectors migrate` share. */
export interface ProjectOptions {
  out?: string | undefined;
  stack?: string | undefined;
  programOnly?: boolean | undefined;
  force?: boolean | undefined;
  /** Declare every resource with `protect: true` (`--no-protect` turns it off). */
  protect?: boolean | undefined;
  packageSpec?: string | undefined;
  accessId?: string | undefined;
  /** The program's language: typescript (the default) or yaml. */
  language?: string | undefined;
}

export interface ExportOptions extends ProjectOptions {
  collector?: string[] | undefined;
  hosted?: boolean | undefined;
  installed?: boolean | undefined;
  /** Only OpenTelemetry collectors (with the other kind flags: those kinds too). */
  otCollectors?: boolean | undefined;
  /** Only source templates (with the other kind flags: those kinds too). */
  sourceTemplates?: boolean | undefined;
}

/** The kinds the flags name; none named: the reader's default (every kind). */
function kindsOf(options: ExportOptions): ExportKind[] {
  const flags: Record<ExportKind, boolean | undefined> = {
    hosted: options.hosted,
    installed: options.installed,
    otCollectors: options.otCollectors,
    sourceTemplates: options.sourceTemplates,
  };
  return EXPORT_KINDS.filter((kind) => flags[kind]);
}

export interface ExportResult {
  plan: ExportPlan;
  out: string;
  written: string[];
}

/** Where the stack should point: the deployment, or the endpoint when one was used. */
function stackSettings(
  client: CollectorsClient,
  options: ProjectOptions,
  env: Record<string, string | undefined>,
): StackSettings {
  const accessId = options.accessId ?? env[ENV.accessId];
  const { deployment } = client;
  let official: string | undefined;
  try {
    official = deployment ? deploymentBaseUrl(deployment) : undefined;
  } catch {
    official = undefined;
  }
  return official === client.baseUrl
    ? { accessId, deployment }
    : { accessId, endpoint: client.baseUrl };
}

/** Where the project gets the package: --package-spec, else how this command was installed. */
function packageSource(
  options: ProjectOptions,
  destination: { out: string; programOnly: boolean },
): PackageSource {
  if (options.packageSpec !== undefined) {
    if (destination.programOnly) {
      throw new UsageError(
        "--package-spec sets the dependency in the package.json the export writes, and --program-only writes none; leave one out",
      );
    }
    return givenSource(options.packageSpec, destination.out, process.cwd());
  }
  const { root, version } = ownPackage();
  if (root === undefined) {
    return registrySource(version, " (this `collectors` is the self-contained executable)");
  }
  return installedSource(root, version, destination.out);
}

/** What the project runs on: the package (TypeScript) or the plugin (YAML), found before reading. */
type Foundation =
  | { language: "typescript"; source: PackageSource; setup: ProjectSetup }
  | { language: "yaml"; setup: ProjectSetup };

function foundationOf(
  options: ProjectOptions,
  destination: { out: string; programOnly: boolean },
): Foundation {
  const language = options.language ?? "typescript";
  if (!(LANGUAGES as readonly string[]).includes(language)) {
    throw new UsageError(`--language ${language}: use ${LANGUAGES.join(" or ")}`);
  }
  if (language === "typescript") {
    const source = packageSource(options, destination);
    return { language, source, setup: packageSetup(source) };
  }
  for (const [given, why] of [
    [destination.programOnly, "--program-only writes index.ts for a TypeScript project"],
    [options.packageSpec !== undefined, "--package-spec sets a package.json dependency"],
  ] as const) {
    if (given) {
      throw new UsageError(
        `${why}; a YAML program is a whole project (its Pulumi.yaml): leave it out with --language yaml`,
      );
    }
  }
  const { root, version } = ownPackage();
  if (root === undefined) {
    return {
      language: "yaml",
      setup: releasePluginSetup(version, packageInfo().pluginDownloadURL),
    };
  }
  const tarball = pluginTarball(root, version);
  if (tarball === undefined) {
    throw new UsageError(
      `--language yaml: this installation (${root}) has no provider plugin tarball in dist/plugin/; ` +
        "`npm run build` makes it in a checkout of the repository",
    );
  }
  return { language: "yaml", setup: pluginSetup(tarball, version, destination.out) };
}

/** Where and how the project is written, checked before anything is read from the service. */
export interface ProjectTarget {
  /** --out as given, for messages. */
  out: string;
  destination: { out: string; force: boolean; programOnly: boolean };
  foundation: Foundation;
  stack: string;
  settings: PlanSettings;
}

export function projectTarget(options: ProjectOptions): ProjectTarget {
  const stack = options.stack ?? DEFAULT_STACK;
  if (!/^[A-Za-z0-9_.-]+$/.test(stack)) {
    throw new UsageError(`--stack ${stack}: use letters, digits, "-", "_" and "." only`);
  }
  const out = options.out ?? ".";
  const destination = {
    out: resolve(out),
    force: !!options.force,
    programOnly: !!options.programOnly,
  };
  const foundation = foundationOf(options, destination);
  checkDestination(destination);
  return { out, destination, foundation, stack, settings: { protect: options.protect !== false } };
}

/** Writes the plan's project and prints what was written and the steps to take it over. */
export function writeProject(
  plan: ExportPlan,
  target: ProjectTarget,
  context: {
    client: CollectorsClient;
    options: ProjectOptions;
    env: Record<string, string | undefined>;
  },
  output: Output,
  report: Pick<ReportContext, "secretValues"> = {},
): string[] {
  const { destination, foundation, stack } = target;
  const projectName = projectNameOf(destination.out);
  const connection = stackSettings(context.client, context.options, context.env);
  const files =
    foundation.language === "yaml"
      ? { "Pulumi.yaml": yamlProgram(plan, projectName), ...stackFile(stack, connection) }
      : projectFiles(projectName, stack, connection, programText(plan), foundation.source);
  const written = writeFiles(files, destination);
  for (const part of reportText(plan, {
    out: target.out,
    stack,
    written,
    programOnly: destination.programOnly,
    setup: foundation.setup,
    ...report,
  })) {
    output.out(part);
  }
  return written;
}

export async function runExport(
  client: CollectorsClient,
  options: ExportOptions,
  output: Output,
  env: Record<string, string | undefined>,
  signal: AbortSignal,
): Promise<CommandResult<ExportResult>> {
  for (const pattern of options.collector ?? []) globToRegExp(pattern, "--collector");
  const target = projectTarget(options);
  const { out, settings } = target;
  let account: Awaited<ReturnType<typeof readAccount>>;
  try {
    account = await readAccount(
      client,
      { kinds: kindsOf(options), patterns: options.collector ?? [] },
      progressOn(output),
      signal,
    );
  } catch (error) {
    if (!signal.aborted) throw error;
    output.err("Interrupted: nothing was written.");
    return {
      result: { plan: planExport({ collectors: [], unmatched: [] }, settings), out, written: [] },
      exitCode: EXIT.interrupted,
    };
  }
  for (const pattern of account.unmatched) {
    output.err(`warning: --collector ${pattern} matches no collector`);
  }
  const plan = planExport(account, settings);
  if (plan.groups.length === 0) {
    output.err(
      plan.skipped.length === 0
        ? "error: nothing to export (check --collector, --hosted, --installed, --ot-collectors, --source-templates); nothing was written"
        : "error: none of the selected collectors can be exported; nothing was written. Skipped:",
    );
    for (const skipped of plan.skipped) output.err(`  ${skipped.what}: ${skipped.reason}`);
    return { result: { plan, out, written: [] }, exitCode: EXIT.failed };
  }
  const written = writeProject(plan, target, { client, options, env }, output);
  return { result: { plan, out: target.destination.out, written }, exitCode: EXIT.ok };
}

export function registerExport(program: Command, io: CommandIO = processIO()): void {
  const command = program
    .command("export")
    .description(
      "Write a Pulumi project (TypeScript, or YAML on the provider plugin) that adopts the account's collectors and sources, OpenTelemetry collectors and source templates (secrets go to stack config).",
    );
  addProjectOptions(command)
    .option(
      "--collector <glob...>",
      "only collectors (OpenTelemetry ones too) whose name matches (* ? [a-z]); repeatable, e.g. --collector 'web-*' 'db-?'; without a kind flag it leaves source templates out",
    )
    .option(
      "--hosted",
      "Hosted Collectors (and their sources); the kind flags add up, none: every kind",
    )
    .option("--installed", "Installed Collectors (and their sources)")
    .option("--ot-collectors", "OpenTelemetry collectors")
    .option("--source-templates", "source templates (the OpenTelemetry collectors' configuration)");
  addConnectionOptions(command).action(
    commandAction<ExportOptions>(
      (client, flags, output, context) =>
        runExport(client, flags, output, io.env, context.interrupt),
      io,
      { interruptible: true },
    ),
  );
}

/** The flags of the project a command writes: where, in which language, for which stack. */
export function addProjectOptions(command: Command): Command {
  return command
    .option("--out <dir>", "the folder to write the project to (default: the current folder)")
    .option(
      "--language <name>",
      "typescript (the package's classes; the default) or yaml (Pulumi.yaml on the collectors provider plugin)",
    )
    .option(
      "--stack <name>",
      `the stack the Pulumi.<stack>.yaml is for (default: ${DEFAULT_STACK})`,
    )
    .option("--program-only", "write only index.ts, into the existing Pulumi project in --out")
    .option("--force", "write into a folder that is not empty (or replace index.ts)")
    .option(
      "--no-protect",
      "declare the resources without `protect: true`, so `pulumi destroy` deletes what is not an Installed or OpenTelemetry collector",
    )
    .option(
      "--package-spec <spec>",
      "what the project's package.json depends on for pulumi-collectors: a tarball or folder path, or a version range (default: how this command was installed)",
    );
}
