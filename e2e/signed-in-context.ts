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
 * One signed-in browser context per demo person per worker, for the specs that only open pages and look at them
 * (e2e/dashboard.spec.ts: 80 pages). A context of its own per test made each page download and compile the app's
 * scripts again (a context's HTTP cache is its own); in one context they come from its cache, compiled once. A test
 * gets a new page in it, closed after the test; the session, its cookie and the cache are shared.
 *
 * A test that writes, or changes what the page keeps (its storage, its settings), takes Playwright's own `page` in a
 * context of its own instead. (A fixture's second argument is named `provide` here: ESLint's React rules take a
 * function called `use` for React's hook.)
 */
export const test = base.extend<
  { pageAs: (demo: Demo) => Promise<Page> },
  { signedIn: (demo: Demo) => Promise<BrowserContext> }
>({
  signedIn: [
    async ({ browser }, provide, workerInfo) => {
      const contexts = new Map<Demo, Promise<BrowserContext>>();
      // The project's own options (its device, its address, its blocked service workers), as its `page` gets them.
      const use = workerInfo.project.use as BrowserContextOptions;
      const options = Object.fromEntries(CONTEXT_OPTIONS.map((name) => [name, use[name]])) as BrowserContextOptions;
      const open = async (demo: Demo) => {
        const context = await browser.newContext(options);
        await signIn(context, demo, new URL(use.baseURL!).origin);
        return context;
      };
      await provide((demo) => {
        let context = contexts.get(demo);
        if (!context) contexts.set(demo, (context = open(demo)));
        return context;
      });
      for (const context of contexts.values()) await (await context).close();
    },
    { scope: "worker" },
  ],
  pageAs: async ({ signedIn }, provide) => {
    const pages: Page[] = [];
    await provide(async (demo) => {
      const page = await (await signedIn(demo)).newPage();
      pages.push(page);
      return page;
    });
    for (const page of pages) await page.close();
  },
});
