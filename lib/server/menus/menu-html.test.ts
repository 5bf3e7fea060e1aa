import { describe, expect, it } from "vitest";
import { menuPage } from "./menu-html";

const LINK = { name: "Buyers <b>", contactEmail: "sales@brand.example", expiresAt: "2026-12-31T23:59:59.999Z" };

describe("the public menu's HTML", () => {
  const html = menuPage(
    "n0nce",
    {
      brand: 'Brand "&" <Co>',
      madeAt: "2026-11-26T06:00:00.000Z",
      products: [
        {
          id: 1,
          name: "<script>alert(1)</script>",
          category: "Edible: Chocolate",
          description: "<img src=x onerror=alert(1)>",
          imageUrl: "https://img.example/a.png",
          availability: [{ warehouse: "Oakland", bucket: "< 25 Cases" }],
        },
      ],
      promotions: [{ name: "Holiday & more", startDate: "2026-11-20", endDate: "2026-12-01" }],
    },
    LINK,
  );

  it.each([
    ["no script element", /<script/i],
    ["no injected element", /<img src=x/i],
    ["no unescaped brand", /<Co>/],
    ["no unescaped link name", /Buyers <b>/],
  ])("holds %s", (_, pattern) => {
    expect(html).not.toMatch(pattern);
  });

  it("says noindex, escapes what it shows, and writes to the brand's address about the product", () => {
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('alt="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain("&lt; 25 Cases");
    expect(html).toContain("Holiday &amp; more");
    expect(html).toContain('href="mailto:sales@brand.example?subject=About%20%3Cscript%3Ealert(1)%3C%2Fscript%3E"');
    expect(html).toContain('<style nonce="n0nce">');
  });
});
