// Shared set-up for the OpenTelemetry collector and source template suites: accounts with a
// Manage and a View user and a second account, and helpers for the control API's registration.
import { expect } from "vitest";
import { expectOk } from "../helpers/envelope";
import type { Credentials, Json } from "../helpers/http";
import type { Control } from "./harness";

export const MANAGE: Credentials = { accessId: "suOtManage0001", accessKey: "ot-manage-key-0001" };
export const VIEW: Credentials = { accessId: "suOtView00001", accessKey: "ot-view-key-00001" };
export const OTHER: Credentials = { accessId: "suOtOther0001", accessKey: "ot-other-key-0001" };

export const OT_ACCOUNTS = {
  accounts: [
    {
      name: "acme",
      deployment: "us1",
      type: "Enterprise" as const,
      users: [
        { ...MANAGE, role: "manage" as const },
        { ...VIEW, role: "view" as const },
      ],
    },
    {
      name: "beta",
      deployment: "us1",
      type: "Enterprise" as const,
      users: [{ ...OTHER, role: "manage" as const }],
    },
  ],
};

export const HEX_ID = /^[0-9A-F]{16}$/;
export const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** Registers an OT collector in acme (unless `account` says otherwise); returns it as shown. */
export async function registerOt(control: Control, body: Record<string, unknown>): Promise<Json> {
  const res = await control.call("/ot-collectors", {
    method: "POST",
    body: { account: "acme", ...body },
  });
  return expectOk(res, 201);
}

export function templateBody(name: string, extra: Record<string, unknown> = {}) {
  return {
    schemaRef: { type: "Apache" },
    inputJson: {
      name,
      receivers: { "filelog/apache": { include: ["/var/log/apache2/access.log"] } },
    },
    ...extra,
  };
}

/** A tag condition list: [[{key, values}]] from {key: [values]} objects. */
export function tagLists(...lists: Record<string, string[]>[]) {
  return lists.map((list) => Object.entries(list).map(([key, values]) => ({ key, values })));
}

export function names(list: { name: string }[]): string[] {
  return list.map((c) => c.name).sort();
}

export function expectMessageNames(res: { json: Json }, field: string): void {
  expect(res.json.message, JSON.stringify(res.json)).toContain(`'${field}'`);
}
