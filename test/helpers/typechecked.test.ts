import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./pulumi";
import { typecheckedByTheRepository } from "./typechecked";

describe("typecheckedByTheRepository", () => {
  it("says yes for the repository's programs that tsconfig.json includes", () => {
    for (const dir of ["test/e2e/programs/daily", "test/e2e/programs/many", "examples/fleet"]) {
      expect(typecheckedByTheRepository(ROOT, join(ROOT, dir)), dir).toBe(true);
    }
  });

  it("says no for a program tsconfig.json excludes, the root, and a user's project", () => {
    for (const dir of [join(ROOT, "test/upgrade/0.1.0/typescript"), ROOT, join(tmpdir(), "app")]) {
      expect(typecheckedByTheRepository(ROOT, dir), dir).toBe(false);
    }
  });
});
