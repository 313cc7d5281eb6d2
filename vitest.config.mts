import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The machine has 2 cores; end-to-end tests drive the Pulumi engine, which is heavy.
    maxWorkers: 2,
  },
});
