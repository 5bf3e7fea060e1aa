import "server-only";
import { type MenuItem, type MenuSnapshot, menuItems, searchMenu } from "@/lib/domain/menus/public-menu";
import { realDate } from "@/lib/domain/views/sentinels";
import { NO_END_DATE } from "@/lib/format/display";
import { plural } from "@/lib/format/plural";

/**
 * The public menu's page (`/menu/{token}`) as HTML: no script, no cookie, one inline style sheet (its nonce
 * in the page's own Content-Security-Policy), laid out for a phone and widened for a desk. Written as a string, not a
 * React page, so its route answers the statuses it must (404 at once for a revoked link, 429 past the limit) with its
 * own headers, and serves hundreds of views a second from the snapshot. Everything interpolated is escaped. Without a
 * script, its search is a GET form to the page itself (`?q=`) and its categories are anchors.
 */

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
a{color:#1d4ed8}
.demo{margin:0 0 .5rem;padding:.5rem .75rem;border-radius:.375rem;background:#fef3c7;color:#78350f;font-weight:600}
.wrap{max-width:72rem;margin:0 auto;padding:1rem}
header.top{background:#fff;border-bottom:1px solid #cbd5e1}
.eyebrow{margin:0;font-size:.875rem;color:#475569;text-transform:uppercase;letter-spacing:.05em}
h1{margin:.25rem 0;font-size:1.75rem;line-height:1.2}
.meta{margin:0;color:#475569;font-size:.875rem}
h2{font-size:1.25rem;margin:1.5rem 0 .75rem}
h3{font-size:1.0625rem;margin:1.25rem 0 .5rem;color:#334155}
h4{font-size:1rem;margin:0 0 .25rem}
ul.plain{list-style:none;margin:0;padding:0}
.promos li{background:#fff;border:1px solid #cbd5e1;border-radius:.5rem;padding:.75rem;margin-bottom:.5rem}
.grid{display:grid;gap:.75rem;grid-template-columns:1fr}
.card{background:#fff;border:1px solid #cbd5e1;border-radius:.5rem;padding:.75rem;display:flex;flex-direction:column;gap:.5rem}
.card img{width:100%;height:auto;aspect-ratio:4/3;object-fit:contain;border-radius:.375rem;background:#f1f5f9}
.noimg{height:3rem;border-radius:.375rem;background:#f1f5f9;display:flex;align-items:center;justify-content:center;color:#475569;font-size:.875rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.125rem .75rem;margin:0;font-size:.9375rem}
dt{color:#475569}
dd{margin:0}
.desc{margin:0;font-size:.9375rem;color:#334155}
.avail{font-size:.9375rem}
.avail li{display:flex;justify-content:space-between;gap:.5rem;border-top:1px solid #e2e8f0;padding:.25rem 0}
.out{color:#b91c1c}
.ask{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:.5rem .75rem;border:1px solid #1d4ed8;border-radius:.375rem;text-decoration:none;font-weight:600;margin-top:auto}
.ask:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.search{margin:1rem 0 0}
.search label{display:block;font-weight:600;font-size:.9375rem}
.search .row{display:flex;gap:.5rem;margin-top:.25rem;max-width:36rem}
.search input{flex:1;min-width:0;min-height:44px;padding:.25rem .5rem;font:inherit;border:1px solid #64748b;border-radius:.375rem;background:#fff;color:inherit}
.search button{min-height:44px;padding:.25rem 1rem;font:inherit;font-weight:600;border:1px solid #1d4ed8;border-radius:.375rem;background:#1d4ed8;color:#fff}
.search input:focus-visible,.search button:focus-visible,.jumps a:focus-visible,.whole:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.jumps{display:flex;flex-wrap:wrap;gap:.5rem}
.jumps a{display:inline-flex;align-items:center;min-height:44px;padding:.25rem .75rem;border:1px solid #cbd5e1;border-radius:999px;background:#fff;text-decoration:none;font-size:.9375rem}
.whole{display:inline-flex;align-items:center;min-height:44px;font-weight:600}
.cat{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:0 .75rem}
.cat a{display:inline-flex;align-items:center;min-height:44px;font-size:.875rem}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
footer{color:#475569;font-size:.875rem;padding:1.5rem 1rem 2rem;max-width:72rem;margin:0 auto}
@media (max-width:639px){.card img{max-height:9rem}}
@media (min-width:640px){.grid{grid-template-columns:repeat(2,1fr)}h1{font-size:2rem}.wrap{padding:1.5rem}}
@media (min-width:1024px){.grid{grid-template-columns:repeat(3,1fr)}}
@media (min-width:1280px){.grid{grid-template-columns:repeat(4,1fr)}}
`;

const DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const day = (date: string | undefined) => (date ? DAY.format(new Date(`${date}T00:00:00Z`)) : "");

/** The page around a body: the head with `noindex`, the nonce's style sheet. */
function page(nonce: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>${escape(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body>${body}</body></html>`;
}

function productCard(product: MenuItem, contactEmail: string): string {
  const facts: [string, string | undefined][] = [
    ["Potency", product.potency],
    ["Blend", product.blend],
    ["Pack", product.pack],
    ["Net weight", product.netWeight],
    ["Case", product.caseSize ? plural(product.caseSize, "unit") : undefined],
    ["Ships to", product.states.join(", ") || undefined],
  ];
  const image = product.imageUrl
    ? `<img src="${escape(product.imageUrl)}" alt="${escape(product.name)}" width="320" height="240" loading="lazy" decoding="async">`
    : `<div class="noimg" role="img" aria-label="No image of ${escape(product.name)}">No image</div>`;
  // A product that ships to several states names each warehouse's state: its listing there is the state's own.
  const where = (a: MenuItem["availability"][number]) =>
    product.states.length > 1 && a.state ? `${a.state} · ${a.warehouse}` : a.warehouse;
  const availability = product.availability.length
    ? `<ul class="plain avail" aria-label="Availability of ${escape(product.name)}">${product.availability
        .map(
          (a) =>
            `<li><span>${escape(where(a))}</span><span${a.bucket === "Out of Stock" ? ' class="out"' : ""}>${escape(a.bucket)}</span></li>`,
        )
        .join("")}</ul>`
    : `<p class="avail">Availability: ask the brand.</p>`;
  const mailto = `mailto:${escape(contactEmail)}?subject=${escape(encodeURIComponent(`About ${product.name}`))}`;
  return `<li class="card">${image}<h4>${escape(product.name)}</h4><dl>${facts
    .filter((f): f is [string, string] => Boolean(f[1]))
    .map(([term, value]) => `<dt>${term}</dt><dd>${escape(value)}</dd>`)
    .join(
      "",
    )}</dl>${product.description ? `<p class="desc">${escape(product.description)}</p>` : ""}${availability}<a class="ask" href="${mailto}">Ask about this product<span class="sr-only">: ${escape(product.name)}</span></a></li>`;
}

/** What the page is asked beside its link: a link made in the shared demo, and the search (`?q=`). */
export interface MenuPageOptions {
  /** A link made in Backroom's shared demo: the page says so, above all. */
  demo?: boolean;
  /** The words searched for: the products that hold each. */
  q?: string;
}

/**
 * The search: a GET form whose address is a fragment alone, so it sends `?q=` to the page it is on (the link's own
 * address, whose token is never written into the page) and opens at the products found.
 */
function searchForm(q: string): string {
  return `<form role="search" method="get" action="#products" aria-label="Search the menu" class="search"><label for="q">Search the products</label><div class="row"><input id="q" type="search" name="q" value="${escape(q)}" maxlength="${MENU_SEARCH_MAX}" autocomplete="off"><button type="submit">Search</button></div></form>`;
}

/** The longest search the page reads (longer is cut). */
export const MENU_SEARCH_MAX = 100;

/**
 * The menu of one link: the search, its promotions, then its products by category (each product once, with the states
 * it ships to), a category's heading reached from the list of categories above them.
 */
export function menuPage(
  nonce: string,
  menu: MenuSnapshot,
  link: { name: string; contactEmail: string; expiresAt: string },
  { demo = false, q = "" }: MenuPageOptions = {},
): string {
  const all = menuItems(menu.products);
  const search = q.trim().slice(0, MENU_SEARCH_MAX);
  const found = searchMenu(all, search);
  const byCategory = new Map<string, MenuItem[]>();
  for (const product of found) {
    const category = product.category ?? "Other";
    byCategory.set(category, [...(byCategory.get(category) ?? []), product]);
  }
  const categories = [...byCategory].map(([name, list], i) => ({ name, list, id: `category-${i + 1}` }));
  const promotions = menu.promotions.length
    ? `<ul class="plain promos">${menu.promotions
        .map(
          (p) =>
            `<li><strong>${escape(p.name)}</strong><br><span class="meta">${day(p.startDate)} – ${realDate("EndDate", p.endDate) ? day(p.endDate) : NO_END_DATE}${p.state ? ` · ${escape(p.state)}` : ""}</span></li>`,
        )
        .join("")}</ul>`
    : `<p>No promotion is running now.</p>`;
  const quoted = `“${escape(search)}”`;
  const heading = !search
    ? `Products (${all.length})`
    : found.length
      ? `${found.length} of ${all.length} ${all.length === 1 ? "product matches" : "products match"} ${quoted}`
      : `No product matches ${quoted}`;
  // "?" alone: the page's own address without its search (the token is never written into the page).
  const whole = search ? `<p><a class="whole" href="?">Show the whole menu</a></p>` : "";
  const jumps =
    categories.length > 1
      ? `<nav aria-label="Categories" id="categories"><ul class="plain jumps">${categories
          .map((c) => `<li><a href="#${c.id}">${escape(c.name)} (${c.list.length})</a></li>`)
          .join("")}</ul></nav>`
      : "";
  const products = found.length
    ? categories
        .map(
          (c) =>
            `<section aria-labelledby="${c.id}"><div class="cat"><h3 id="${c.id}">${escape(c.name)}</h3>${jumps ? `<a href="#categories">All categories</a>` : ""}</div><ul class="plain grid">${c.list
              .map((p) => productCard(p, link.contactEmail))
              .join("")}</ul></section>`,
        )
        .join("")
    : all.length
      ? ""
      : `<p>No product is on this menu now.</p>`;
  return page(
    nonce,
    `${menu.brand} · ${link.name}`,
    `<header class="top"><div class="wrap">${demo ? `<p class="demo" role="note">A demo of Backroom on sandbox data: not a real brand's menu. The link lasts a day.</p>` : ""}<p class="eyebrow">Live menu</p><h1>${escape(menu.brand)}</h1><p class="meta">${escape(link.name)} · Updated ${TIME.format(new Date(menu.madeAt))} UTC</p>${all.length ? searchForm(search) : ""}</div></header><main id="content" class="wrap"><section aria-labelledby="promotions"><h2 id="promotions">Current promotions</h2>${promotions}</section><section aria-labelledby="products"><h2 id="products">${heading}</h2>${whole}${jumps}${products}</section></main><footer>Availability is in cases at each warehouse and changes through the day. Questions and orders: <a href="mailto:${escape(link.contactEmail)}">${escape(link.contactEmail)}</a>. This link works until ${TIME.format(new Date(link.expiresAt))} UTC.</footer>`,
  );
}

/** A page of words only: the link gone (404), the menu being prepared (503). */
export function messagePage(nonce: string, title: string, words: string): string {
  return page(nonce, title, `<main id="content" class="wrap"><h1>${escape(title)}</h1><p>${escape(words)}</p></main>`);
}
