import { defineConfig } from "@playwright/test";
export default defineConfig({
  testDir: ".",
  timeout: 120_000,
  use: {
    baseURL: "http://127.0.0.1:3555",
    launchOptions: { executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"] },
  },
});
