import { type BrowserContext, type BrowserContextOptions, test as base, type Page } from "@playwright/test";
import { type Demo, signIn } from "./sign-in";

/** What a project's `use` sets that a context takes. */
const CONTEXT_OPTIONS = [
  "baseURL",
  "serviceWorkers",
  "viewport",
  "userAgent",
  "deviceScaleFactor",
  "isMobile",
  "hasTouch",
  "locale",
  "timezoneId",
] as const satisfies (keyof BrowserContextOptions)[];

/**
 * One signed-in browser context per demo person per worker, and one tab in it, for the specs that only open pages and
 * look at them (e2e/dashboard.spec.ts, e2e/directory-detail.spec.ts). A context of its own per test made each page
 * download and compile the app's scripts again (a context's HTTP cache is its own); a new tab per test started a
 * renderer process each time, and it compiled them again too. Each test's `goto` is still a whole page load (the
 * server renders it, the browser hydrates it), in the tab whose renderer has the scripts compiled: on this machine ten
 * pages loaded twice took 35 to 46 CPU-seconds of the browser's and the server's in a new tab each, 22 to 27 in one
 * (2026-11-29, docs/benchmarks.md).
 *
 * After a test its tab is made plain again: its listeners, routes and sessionStorage removed, blank, at the project's
 * screen size. A test that failed closes its tab, and the next one gets a new tab. A second tab of the same person in
 * one test is a new one, closed after it. A test that adds an init script disposes of it.
 *
 * A test that writes, or changes what the page keeps (its storage, its settings), takes Playwright's own `page` in a
 * context of its own instead. (A fixture's second argument is named `provide` here: ESLint's React rules take a
 * function called `use` for React's hook.)
 */
export const test = base.extend<
  { pageAs: (demo: Demo) => Promise<Page> },
  {
    signedIn: {
      context: (demo: Demo) => Promise<BrowserContext>;
      tab: (demo: Demo) => Promise<Page>;
      options: BrowserContextOptions;
    };
  }
>({
  signedIn: [
    async ({ browser }, provide, workerInfo) => {
      const contexts = new Map<Demo, Promise<BrowserContext>>();
      const tabs = new Map<Demo, Page>();
      // The project's own options (its device, its address, its blocked service workers), as its `page` gets them.
      const use = workerInfo.project.use as BrowserContextOptions;
      const options = Object.fromEntries(CONTEXT_OPTIONS.map((name) => [name, use[name]])) as BrowserContextOptions;
      const open = async (demo: Demo) => {
        const context = await browser.newContext(options);
        await signIn(context, demo, new URL(use.baseURL!).origin);
        return context;
      };
      const context = (demo: Demo) => {
        let opened = contexts.get(demo);
        if (!opened) contexts.set(demo, (opened = open(demo)));
        return opened;
      };
      // The person's tab, or a new one where a failed test closed it.
      const tab = async (demo: Demo) => {
        let page = tabs.get(demo);
        if (!page || page.isClosed()) tabs.set(demo, (page = await (await context(demo)).newPage()));
        return page;
      };
      await provide({ context, tab, options });
      for (const opened of contexts.values()) await (await opened).close();
    },
    { scope: "worker" },
  ],
  pageAs: async ({ signedIn }, provide, testInfo) => {
    const lent = new Set<Page>();
    const extra: Page[] = [];
    await provide(async (demo) => {
      const page = await signedIn.tab(demo);
      if (!lent.has(page)) {
        lent.add(page);
        return page;
      }
      const another = await (await signedIn.context(demo)).newPage();
      extra.push(another);
      return another;
    });
    for (const page of extra) await page.close();
    for (const page of lent) {
      if (testInfo.status !== testInfo.expectedStatus) {
        await page.close();
        continue;
      }
      page.removeAllListeners();
      await page.unrouteAll({ behavior: "ignoreErrors" });
      // What the tab kept for itself (sessionStorage: a write's Idempotency-Key, the payments watched) goes with it.
      await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      await page.goto("about:blank");
      if (signedIn.options.viewport) await page.setViewportSize(signedIn.options.viewport);
    }
  },
});
