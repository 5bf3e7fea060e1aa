import "server-only";
import * as z from "zod";
import { SandboxConfig } from "@/lib/sandbox/config";

/**
 * The server's configuration, parsed once from process.env. Nothing else reads process.env.
 * - DATA_API_PRODUCTION_URL, DATA_API_TEST_URL: the real Data API's v1 base URLs (ending in /api/v1).
 * - SANDBOX: "off" turns the embedded sandbox off; by default it is on whenever a real URL is missing.
 */
const ServerEnv = SandboxConfig.extend({
  DATA_API_PRODUCTION_URL: z.url().optional(),
  DATA_API_TEST_URL: z.url().optional(),
  SANDBOX: z.enum(["on", "off"]).optional(),
});

export const serverEnv = ServerEnv.parse(process.env);

/** Whether the embedded sandbox is served under /sandbox. */
export const sandboxEnabled =
  serverEnv.SANDBOX === "on" || (serverEnv.SANDBOX !== "off" && (!serverEnv.DATA_API_PRODUCTION_URL || !serverEnv.DATA_API_TEST_URL));
