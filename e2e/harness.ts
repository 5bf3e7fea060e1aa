/**
 * The browser tests' server's hourly limit of the sandbox's demo keys (`SANDBOX_RATE_LIMIT`, playwright.config.ts):
 * four times the live service's 1,028. Some seventy tests sign in to the one demo workspace, whose keys every one of
 * them shares, within the run's twenty minutes: at the live limit the demo staff's key was spent before the run's last
 * tests (the AR aging page and a CSV export's count read nothing more: 2026-11-28, after issue 67's reads). A person
 * has a demo of their own hour; the tests get four.
 */
export const E2E_DEMO_RATE_LIMIT = 4 * 1028;
