import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { KEY_TYPES } from "@/lib/data-api/operation";
import type { OperationId } from "@/lib/data-api/registry";
import { type Caller, CALLERS } from "./callers";
import { entryFor, mayCall } from "@/lib/domain/navigation";
import { LIST_VIEWS } from "./views/list-views";

const ROOT = join(import.meta.dirname, "..", "..");
const OPERATIONS = Object.keys(OPERATION_META) as OperationId[];

/** The page file of an address pattern, in the dashboard's or the public route group. */
function pageFile(page: string): string | undefined {
  const dir = page === "/" ? "" : page;
  return ["(dashboard)", "(public)"]
    .map((group) => join(ROOT, "app", group, dir, "page.tsx"))
    .find((file) => existsSync(file));
}

/** Whether a source names an identifier as a whole word (`listPurchases`, not `listPurchasesV2`). */
function names(source: string, identifier: string): boolean {
  return new RegExp(`\\b${identifier}\\b`).test(source);
}

/** The key types a caller serves: its own list, or every type that may call the operation, and may reach its page. */
function served(operation: OperationId, caller: Caller) {
  const onPage = entryFor(caller.page.replace(/\/\[[^\]]+\](?=\/|$)/g, "/x"));
  return (caller.keyTypes ?? KEY_TYPES).filter(
    (type) => mayCall(type, operation) && (!onPage || mayCall(type, onPage.operation)),
  );
}

describe("every operation has a caller", () => {
  it("lists every registry operation, and only those", () => {
    expect(Object.keys(CALLERS).sort()).toEqual([...OPERATIONS].sort());
    expect(OPERATIONS).toHaveLength(49);
  });

  it.each(OPERATIONS)("%s is called, for every key type that may call it, by code that names it", (operation) => {
    const callers = CALLERS[operation];
    expect(callers.length, `${operation} has no caller`).toBeGreaterThan(0);
    for (const caller of callers) {
      expect(pageFile(caller.page), `${caller.page} is not a page`).toBeDefined();
      const file = join(ROOT, caller.file);
      expect(existsSync(file), `${caller.file} does not exist`).toBe(true);
      const source = readFileSync(file, "utf8");
      if (caller.view) {
        expect(LIST_VIEWS[caller.view].operation, `view ${caller.view}`).toBe(operation);
        expect(
          source.includes(`"${caller.view}"`) || names(source, `LIST_VIEWS\\.${caller.view}`),
          `${caller.file} does not name the view ${caller.view}`,
        ).toBe(true);
      } else {
        expect(names(source, operation), `${caller.file} does not name ${operation}`).toBe(true);
      }
    }
    const allowed = KEY_TYPES.filter((type) => mayCall(type, operation));
    const reached = new Set(callers.flatMap((caller) => served(operation, caller)));
    expect([...reached].sort(), `key types without a caller of ${operation}`).toEqual([...allowed].sort());
  });
});
