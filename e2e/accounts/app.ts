import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base } from "@playwright/test";
import { freePort, type Started, start, stop } from "../../scripts/processes";
import { operatorKey } from "../operator";
import { type IdentityProvider, startIdentityProvider } from "./identity-provider";
import { type Mailbox, startMailbox } from "./mailbox";

/**
 * An app of the spec file's own, started from the existing build, at `http://localhost:<port>` with PUBLIC_URL naming
 * that address (passkeys need a host name, not 127.0.0.1, for their relying party; the mail's links are made from it),
 * and what it talks to, started first on loopback: an SMTP server that keeps the mail (`mail: true`), an OpenID
 * Connect provider (`oidc: true`).
 *
 * Not `startApp` of scripts/processes.ts: PUBLIC_URL must name the port before the app starts, and startApp chooses its
 * port itself. The same command and settings otherwise (scripts/start.mjs --no-build, the embedded sandbox, its jobs
 * run on request).
 */
export interface AccountsApp {
  /** `http://localhost:<port>`: the address the browser uses. */
  url: string;
  process: Started;
  mailbox?: Mailbox;
  idp?: IdentityProvider;
}

export interface AccountsAppOptions {
  mail?: boolean;
  oidc?: boolean;
  /** What the sign-in page calls the provider ("Sign in with …"). */
  oidcName?: string;
  /** More settings of the app's (FOLLOW_UP_INTERVAL_SECONDS for a spec that waits for a follow-up). */
  env?: Record<string, string>;
}

/** Starts the app (and its mail server and identity provider); `stop` ends them all and removes its data. */
async function startAccountsApp(options: AccountsAppOptions): Promise<AccountsApp & { stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "backroom-e2e-accounts-"));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const mailbox = options.mail ? await startMailbox() : undefined;
  const idp = options.oidc ? await startIdentityProvider(url) : undefined;
  const app = start("next", ["node", "scripts/start.mjs", "--port", String(port), "--no-build"], {
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    SANDBOX_DATA_DIR: `${dir}/sandbox`,
    DATA_DIR: `${dir}/data`,
    SANDBOX_JOB_INTERVAL: "0",
    // The run's, as the main server's: the specs' operator requests carry it (e2e/operator.ts).
    SANDBOX_OPERATOR_KEY: operatorKey(),
    // Blank, not unset: the runner's environment may name a database, Redis, mail or a provider; this app is the
    // embedded default with what this file gives it.
    DATABASE_URL: "",
    REDIS_URL: "",
    LOG_LEVEL: "warn",
    PUBLIC_URL: url,
    SMTP_URL: mailbox?.url ?? "",
    MAIL_FROM: "Backroom tests <backroom@example.test>",
    OIDC_ISSUER: idp?.issuer ?? "",
    OIDC_CLIENT_ID: idp?.clientId ?? "",
    OIDC_CLIENT_SECRET: idp?.clientSecret ?? "",
    OIDC_NAME: options.oidcName ?? "",
    // No hourly watches (playwright.config.ts says why).
    WATCH_PERIOD_SECONDS: "0",
    HISTORY_SWEEP_SECONDS: "0",
    COLLECTIONS_SWEEP_SECONDS: "0",
    ...options.env,
  });
  const stopAll = async () => {
    await stop(app.child);
    await mailbox?.close();
    await idp?.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Asked at 127.0.0.1 (where it listens; the browser's localhost resolves there too).
    await app.ready(`http://127.0.0.1:${port}/sign-in`, 200, {}, 180_000);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { url, process: app, mailbox, idp, stop: stopAll };
}

/**
 * Playwright's `test` with the spec file's own app (one per worker, shared by the file's tests), `baseURL` its address;
 * a failed test gets the app's last lines attached.
 *
 * @example
 * const test = accountsTest({ mail: true });
 * test("...", async ({ page, app }) => { await app.mailbox!.waitFor(email, /Confirm/); });
 */
export function accountsTest(options: AccountsAppOptions) {
  const test = base.extend<object, { app: AccountsApp }>({
    app: [
      async ({}, provide) => {
        const app = await startAccountsApp(options);
        await provide(app);
        await app.stop();
      },
      { scope: "worker", timeout: 240_000 },
    ],
    baseURL: async ({ app }, provide) => provide(app.url),
  });
  test.afterEach(async ({ app }, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    await testInfo.attach("app.log", { body: app.process.lines.slice(-200).join("\n"), contentType: "text/plain" });
    if (app.mailbox)
      await testInfo.attach("mail.json", {
        body: JSON.stringify(app.mailbox.mails, null, 2),
        contentType: "application/json",
      });
  });
  return test;
}
