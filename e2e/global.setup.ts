import { expect, test as setup } from "@playwright/test";
import { OPERATOR } from "./operator";

// Every run starts from the seed: the browser tests write (payment requests), and a server reused between local runs
// would otherwise carry the last run's writes. The operator's reset takes the sandbox's operator key (e2e/operator.ts).
setup("the test environment's sandbox is back to its seed", async ({ request }) => {
  const reset = await request.post("/sandbox/test/operator/reset", { headers: OPERATOR, data: {} });
  // A 401: a server started by hand and reused, with another SANDBOX_OPERATOR_KEY than this run's.
  expect(reset.status(), await reset.text()).toBe(200);
});
