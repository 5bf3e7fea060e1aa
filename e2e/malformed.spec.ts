import { expect, test } from "@playwright/test";

// A malformed percent-escape in a path, through the real server (scripts/serve.mjs answers it before Next, which would
// otherwise fail decoding a dynamic route's parameters with a bare 500).

test("a bare % in an API path answers 400 in the API's error shape; in a page's path, the not-found page", async ({
  page,
  request,
}) => {
  for (const path of [
    "/api/v1/customers/%",
    "/api/v2/purchases/%zz",
    "/api/session/keys/%C3%28",
    "/sandbox/test/api/v1/products/%",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect(((await response.json()) as { Error: { code: string } }).Error.code, path).toBe("MALFORMED_PATH");
  }
  const answered = await page.goto("/customers/%");
  expect(answered?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
});
