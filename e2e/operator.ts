/**
 * The sandbox's operator key of the browser tests' servers, and the headers of an operator request. playwright.config.ts
 * makes the key once per run (unless SANDBOX_OPERATOR_KEY is set) into the runner's environment, which its server, its
 * workers and the apps a spec starts (`e2e/accounts/app.ts`) inherit. A server started by hand and reused by a local
 * run needs the same: start it, and the run, with one SANDBOX_OPERATOR_KEY.
 *
 * @example
 * await page.request.post("/sandbox/test/operator/jobs/export", { headers: OPERATOR, data: {} });
 */
export function operatorKey(): string {
  const key = process.env.SANDBOX_OPERATOR_KEY;
  if (!key) throw new Error("SANDBOX_OPERATOR_KEY is not set: run the browser tests with playwright.config.ts");
  return key;
}

/** An operator request's headers: the operator key, and a JSON body. */
export const OPERATOR = { "x-api-key": operatorKey(), "Content-Type": "application/json" };
