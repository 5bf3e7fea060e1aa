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

describe("the public menu's products on a phone", () => {
  const listing = (id: number, name: string, state: string, category = "Edible: Chocolate") => ({
    id,
    name,
    category,
    state,
    potency: "100mg THC",
    pack: "10/100mg Bar",
    availability: [{ warehouse: state === "CA" ? "Oakland" : "Reno", bucket: "50+ Cases" as const }],
  });
  const menu = {
    brand: "Golden Coast",
    madeAt: "2026-11-26T06:00:00.000Z",
    products: [
      listing(1, "Mint Bar", "CA"),
      listing(2, "Mint Bar", "NV"),
      listing(3, "Sour Gummies", "CA", "Edible: Gummy"),
      listing(4, "Sour Gummies", "NV", "Edible: Gummy"),
      listing(5, "Kush Pre-Roll", "CA", "Pre-Roll"),
    ],
    promotions: [],
  };
  const cards = (html: string) => html.match(/<li class="card"/g)?.length ?? 0;

  it("lists a product sold in two states once, with the states it ships to and each state's warehouses", () => {
    const html = menuPage("n0nce", menu, LINK);
    expect(cards(html)).toBe(3);
    expect(html.match(/>Mint Bar</g)).toHaveLength(1);
    expect(html).toContain("<dt>Ships to</dt><dd>CA, NV</dd>");
    expect(html).toContain("Products (3)");
    expect(html).toMatch(/CA · Oakland.*NV · Reno/);
  });

  it("has a search that sends ?q= to the page itself, at its products (no address in it: the token stays out of the page)", () => {
    const html = menuPage("n0nce", menu, LINK);
    expect(html).toMatch(/<form role="search" method="get" action="#products" aria-label="Search the menu"[^>]*>/);
    expect(html).toContain('name="q"');
    expect(html).toContain('<h2 id="products">');
  });

  it("narrows to the products a search finds, says how many of how many, and offers the whole menu back", () => {
    const html = menuPage("n0nce", menu, LINK, { q: "sour" });
    expect(cards(html)).toBe(1);
    expect(html).toContain("Sour Gummies");
    expect(html).not.toContain("Mint Bar");
    expect(html).toContain("1 of 3 products match “sour”");
    expect(html).toContain('value="sour"');
    expect(html).toMatch(/<a [^>]*href="\?"[^>]*>Show the whole menu<\/a>/);
    expect(menuPage("n0nce", menu, LINK, { q: "nothing like it" })).toContain("No product matches “nothing like it”");
  });

  it("escapes the search it shows", () => {
    const html = menuPage("n0nce", menu, LINK, { q: '"><script>x</script>' });
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });

  it("jumps to each category from a list above the products", () => {
    const html = menuPage("n0nce", menu, LINK);
    const jumps = [...html.matchAll(/<a href="#(category-\d+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(jumps.map(([, words]) => words)).toEqual(["Edible: Chocolate (1)", "Edible: Gummy (1)", "Pre-Roll (1)"]);
    for (const [id] of jumps) expect(html).toContain(`id="${id}"`);
  });

  it("keeps the demo's banner at the top", () => {
    const html = menuPage("n0nce", menu, LINK, { demo: true, q: "mint" });
    expect(html.indexOf('class="demo"')).toBeLessThan(html.indexOf("<h1>"));
  });
});
