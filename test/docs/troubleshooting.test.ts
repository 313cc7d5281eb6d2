// docs/guides/troubleshooting.md quotes the messages users meet; each is made here by the code that
// emits it, with the page's example values, so a reworded message fails this test until its
// entry follows. Line breaks and indentation in the page do not count.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../provider/api";
import { deploymentBaseUrl } from "../../provider/api/config";
import { throttleNotice } from "../../provider/api/transport/auth-throttle";
import { movedNotice } from "../../provider/api/transport/follow-moves";
import { unsupportedNode } from "../../provider/node-version";
import { deleteRefused } from "../../provider/plugin/plugin-inputs";
import { resourceError } from "../../provider/resources/kinds/errors";

const PAGE = join(__dirname, "..", "..", "docs", "guides", "troubleshooting.md");
const flat = (text: string) => text.replace(/\s+/g, " ").trim();

const WEB = 'HostedCollector "web" (id 100000001)';

/** Each entry's heading, and the message as the code makes it. */
const ENTRIES: Record<string, string> = {
  "Changed outside Pulumi": resourceError("conflict", { resource: WEB }).message,
  "The name is taken": resourceError("duplicate", {
    resource: 'HostedCollector "web"',
    where: "the account",
    id: 100000001,
    differences: [],
  }).message,
  "Unauthorized, with the right key": new ApiError({
    status: 401,
    code: "unauthorized",
    serviceMessage: "Credential could not be verified.",
    method: "GET",
    path: "/collectors",
  }).message,
  "The account lives in another deployment": movedNotice(deploymentBaseUrl("eu"), false),
  "Waiting for the authentication throttle": throttleNotice("GET /collectors", 5_000, 65_000),
  "Sources of a collector in Json mode": resourceError("jsonMode", {
    action: "create",
    resource: 'LocalFileSource "app-logs"',
    collectorId: 100000002,
  }).message,
  "An Installed Collector is not deleted": deleteRefused(
    "InstalledCollector",
    "urn:pulumi:prod::fleet::collectors:index:InstalledCollector::web-01",
    "100000002",
    { name: "web-01" },
  ),
  "Node.js is too old": `collectors ${unsupportedNode("20.20.2")?.replace(process.execPath, "/usr/bin/node")}.`,
};

describe("docs/guides/troubleshooting.md", () => {
  const page = readFileSync(PAGE, "utf8");

  for (const [heading, message] of Object.entries(ENTRIES)) {
    it(`${heading}: the page quotes the message the code emits`, () => {
      expect(page, `a "### ${heading}" entry`).toContain(`\n### ${heading}\n`);
      const quoted = flat(page).includes(flat(message));
      expect(quoted, `the page quotes, under "${heading}":\n${message}`).toBe(true);
    });
  }
});
