import { timingSafeEqual } from "node:crypto";
import { DEPLOYMENTS, type Deployment, isDeployment } from "./deployments";

export type AccountType = "Enterprise" | "Professional" | "Free";
export type Role = "manage" | "view";

export interface AccountUser {
  accessId: string;
  accessKey: string;
  role: Role;
}

export interface Account {
  name: string;
  deployment: Deployment;
  type: AccountType;
  users: AccountUser[];
}

/** The `--accounts FILE` form, as given (checked by parseAccountsFile). */
export interface AccountsFile {
  accounts: {
    name: string;
    deployment: string;
    type: string;
    users: { accessId: string; accessKey: string; role: string }[];
  }[];
}

/** The accounts after checking. */
export interface Accounts {
  accounts: Account[];
}

/** Who made a request: the user and the account they belong to. */
export interface Caller {
  account: Account;
  user: AccountUser;
}

const ACCOUNT_TYPES: readonly string[] = ["Enterprise", "Professional", "Free"];
const ROLES: readonly string[] = ["manage", "view"];

/**
 * Why an access id could never log in, or undefined. HTTP Basic authentication splits the user
 * and password at the first ':', so an access id holding one would always arrive cut short.
 */
export function accessIdProblem(accessId: string): string | undefined {
  return accessId.includes(":")
    ? `"${accessId}" contains ':', which HTTP Basic authentication uses to separate the access id from the access key, so it could never log in: choose an access id without ':'`
    : undefined;
}

/** One Enterprise account in us1 with one Manage user, as `--access-id/--access-key` give. */
export function singleAccount(accessId: string, accessKey: string): Accounts {
  return {
    accounts: [
      {
        name: "default",
        deployment: "us1",
        type: "Enterprise",
        users: [{ accessId, accessKey, role: "manage" }],
      },
    ],
  };
}

/**
 * Checks an accounts file and says exactly which entry is wrong, because a typo here otherwise
 * surfaces later as a puzzling 401.
 */
export function parseAccountsFile(value: unknown): Accounts {
  const problem = (where: string, what: string): never => {
    throw new Error(`accounts file: ${where} ${what}`);
  };
  if (
    typeof value !== "object" ||
    value === null ||
    !Array.isArray((value as AccountsFile).accounts)
  ) {
    problem("the top level", 'must be {"accounts": [...]}');
  }
  const accounts = (value as { accounts: unknown[] }).accounts;
  if (accounts.length === 0) problem("accounts", "must hold at least one account");
  const names = new Set<string>();
  const ids = new Set<string>();
  const parsed = accounts.map((raw, i): Account => {
    const where = `accounts[${i}]`;
    const a = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    if (typeof a.name !== "string" || a.name === "")
      problem(`${where}.name`, "must be a non-empty string");
    if (names.has(a.name as string)) problem(`${where}.name`, `"${a.name}" is used twice`);
    names.add(a.name as string);
    if (!isDeployment(a.deployment)) {
      problem(`${where}.deployment`, `must be one of ${DEPLOYMENTS.join(", ")}`);
    }
    if (typeof a.type !== "string" || !ACCOUNT_TYPES.includes(a.type)) {
      problem(`${where}.type`, `must be one of ${ACCOUNT_TYPES.join(", ")}`);
    }
    if (!Array.isArray(a.users) || a.users.length === 0)
      problem(`${where}.users`, "must be a non-empty array");
    const users = (a.users as unknown[]).map((rawUser, j): AccountUser => {
      const uw = `${where}.users[${j}]`;
      const u = (typeof rawUser === "object" && rawUser !== null ? rawUser : {}) as Record<
        string,
        unknown
      >;
      if (typeof u.accessId !== "string" || u.accessId === "")
        problem(`${uw}.accessId`, "must be a non-empty string");
      if (typeof u.accessKey !== "string" || u.accessKey === "")
        problem(`${uw}.accessKey`, "must be a non-empty string");
      const colon = accessIdProblem(u.accessId as string);
      if (colon) problem(`${uw}.accessId`, colon);
      if (ids.has(u.accessId as string)) problem(`${uw}.accessId`, "is used twice");
      ids.add(u.accessId as string);
      if (typeof u.role !== "string" || !ROLES.includes(u.role))
        problem(`${uw}.role`, 'must be "manage" or "view"');
      return {
        accessId: u.accessId as string,
        accessKey: u.accessKey as string,
        role: u.role as Role,
      };
    });
    return {
      name: a.name as string,
      deployment: a.deployment as Deployment,
      type: a.type as AccountType,
      users,
    };
  });
  return { accounts: parsed };
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Looks callers up by access id. */
export class Directory {
  private readonly byAccessId = new Map<string, Caller>();

  constructor(readonly file: Accounts) {
    for (const account of file.accounts) {
      for (const user of account.users) this.byAccessId.set(user.accessId, { account, user });
    }
  }

  /** The caller for a credential pair, or undefined when it does not verify. */
  verify(accessId: string, accessKey: string): Caller | undefined {
    const caller = this.byAccessId.get(accessId);
    return caller && sameSecret(caller.user.accessKey, accessKey) ? caller : undefined;
  }

  /** Whether an access id belongs to a user (its failures are then counted per access id). */
  knows(accessId: string): boolean {
    return this.byAccessId.has(accessId);
  }

  account(name: string): Account | undefined {
    return this.file.accounts.find((a) => a.name === name);
  }

  get accounts(): readonly Account[] {
    return this.file.accounts;
  }
}
