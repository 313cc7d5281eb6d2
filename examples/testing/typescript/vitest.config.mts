import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["*.test.ts"],
    // An engine run takes seconds, not milliseconds.
    testTimeout: 120_000,
  },
});
