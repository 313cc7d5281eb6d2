// The users of the local service in the end-to-end tests and in the recorded upgrade states
// (scripts/fixtures/record-states.ts): kept apart from the harness so a script can use them without
// loading the test runner.
import type { AccountsFile } from "../../emulator";
import type { Credentials } from "./http";

/** The user Pulumi runs as, and a second one for changes made "behind Pulumi's back". */
export const PULUMI_USER: Credentials = {
  accessId: "suPulumiE2e0001",
  accessKey: "pulumi-e2e-access-key-000000000000000000000000000000000000000001",
};
export const OPERATOR: Credentials = {
  accessId: "suOperator00001",
  accessKey: "operator-e2e-access-key-0000000000000000000000000000000000000001",
};

/** The service's one account, both users with the Manage role. */
export const E2E_ACCOUNTS: AccountsFile = {
  accounts: [
    {
      name: "e2e",
      deployment: "us1",
      type: "Enterprise",
      users: [
        { ...PULUMI_USER, role: "manage" },
        { ...OPERATOR, role: "manage" },
      ],
    },
  ],
};
