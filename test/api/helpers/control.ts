// The local service's control API (`/_emulator/...`), for the client tests that play the parts
// the API does not cover: registering collectors, moving the clock, resetting.
import { request } from "undici";
import type { RunningEmulator } from "../../../emulator";

export async function control(
  emulator: RunningEmulator,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await request(`${emulator.origin}/_emulator${path}`, {
    method: method as "GET",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: control API answers are inspected loosely
  return { status: res.statusCode, json: (await res.body.json()) as any };
}

/** An accounts file of one account, `name`, whose one user manages it. */
export const oneAccount = (name: string, user: { accessId: string; accessKey: string }) => ({
  accounts: [{ name, deployment: "us1", type: "Enterprise", users: [{ ...user, role: "manage" }] }],
});
