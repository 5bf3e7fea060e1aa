import { expect, test as setup } from "@playwright/test";

// Every run starts from the seed: the browser tests write (payment requests), and a server reused between local runs
// would otherwise carry the last run's writes. The operator's reset takes an Employee key of the environment.
setup("the test environment's sandbox is back to its seed", async ({ request }) => {
  const reset = await request.post("/sandbox/test/operator/reset", {
    headers: { "x-api-key": "test-employee-demo", "Content-Type": "application/json" },
    data: {},
  });
  expect(reset.status(), await reset.text()).toBe(200);
});
