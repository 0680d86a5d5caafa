import { defineConfig } from "vitest/config";

// End-to-end tests: the real sheet classes in the test world's browser host, driven in
// Debian's Chromium (/usr/bin/chromium) through playwright-core. One Vite server for the run.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
