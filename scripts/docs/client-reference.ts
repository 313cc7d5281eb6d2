// The "Methods" section of docs/reference/client.md, printed from the client's source
// (provider/api/): each API of `CollectorsClient` with its public methods, their parameters,
// what they return and their doc comment. test/docs/client-methods.test.ts checks that the page
// holds exactly this text. After changing a method: `npm run docs:client`.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { writeMarkedSection } from "./marked-section";

/** The page, from the repository's root (where npm runs its scripts). */
export const PAGE = "docs/reference/client.md";
export const BEGIN = "<!-- the client's methods: printed by scripts/docs/client-reference.ts -->";
export const END = "<!-- end of the client's methods -->";

/** `client.<property>`: the class that serves it, and the file it is written in. */
const APIS = [
  { property: "collectors", className: "CollectorsApi", file: "provider/api/collectors.ts" },
  { property: "sources", className: "SourcesApi", file: "provider/api/sources.ts" },
  { property: "upgrades", className: "UpgradesApi", file: "provider/api/upgrades.ts" },
  { property: "searchJobs", className: "SearchJobsApi", file: "provider/api/search-jobs.ts" },
  { property: "otCollectors", className: "OtCollectorsApi", file: "provider/api/ot-collectors.ts" },
  {
    property: "sourceTemplates",
    className: "SourceTemplatesApi",
    file: "provider/api/source-templates.ts",
  },
];

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const cell = (text: string) => oneLine(text).replace(/\|/g, "\\|");

function isPublic(member: ts.ClassElement): member is ts.MethodDeclaration {
  if (!ts.isMethodDeclaration(member) || ts.isPrivateIdentifier(member.name)) return false;
  const modifiers = ts.getModifiers(member) ?? [];
  return !modifiers.some(
    (m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword,
  );
}

function docOf(member: ts.MethodDeclaration, where: string): string {
  const doc = ts.getJSDocCommentsAndTags(member).find(ts.isJSDoc);
  const text = doc ? ts.getTextOfJSDocComment(doc.comment) : undefined;
  if (!text) throw new Error(`${where}: a public method without a doc comment`);
  return text;
}

/** `get(id, req?)`: the parameters by name, optional ones marked. */
function callOf(member: ts.MethodDeclaration, source: ts.SourceFile): string {
  const params = member.parameters.map((p) => {
    const optional = p.questionToken !== undefined || p.initializer !== undefined;
    return `${p.name.getText(source)}${optional ? "?" : ""}`;
  });
  return `${member.name.getText(source)}(${params.join(", ")})`;
}

function apiSection(root: string, api: (typeof APIS)[number]): string[] {
  const path = join(root, api.file);
  const source = ts.createSourceFile(
    path,
    readFileSync(path, "utf8"),
    ts.ScriptTarget.Latest,
    true,
  );
  const found = source.statements.find(
    (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === api.className,
  );
  if (!found) throw new Error(`${api.file}: no class ${api.className}`);
  const lines = [
    `### client.${api.property}`,
    "",
    "| Method | Returns | What it does |",
    "|---|---|---|",
  ];
  for (const member of found.members.filter(isPublic)) {
    const where = `${api.file}: ${api.className}.${member.name.getText(source)}`;
    const returns = member.type ? `\`${cell(member.type.getText(source))}\`` : "";
    lines.push(`| \`${callOf(member, source)}\` | ${returns} | ${cell(docOf(member, where))} |`);
  }
  return [...lines, ""];
}

/** The section, between its markers; `root` is the repository's root. */
export function clientReference(root: string): string {
  return [BEGIN, "", ...APIS.flatMap((api) => apiSection(root, api)), END].join("\n");
}

if (require.main === module) writeMarkedSection(PAGE, BEGIN, END, clientReference("."));
