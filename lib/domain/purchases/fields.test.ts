import { describe, expect, it } from "vitest";
import { OPERATION_META } from "@/lib/data-api/meta.generated";
import { cellText } from "@/lib/domain/views/columns";
import { filtersOf } from "@/lib/domain/views/filters";
import { LIST_VIEWS } from "@/lib/domain/views/list-views";
import { casesText, PURCHASE_STATUS_WORDS, purchaseStatusWords } from "./fields";

describe("a purchase's status in words", () => {
  it("spells out a draft's InProgress, keeps the others, shows an undocumented one as sent and a missing one as —", () => {
    expect(purchaseStatusWords("InProgress")).toBe("In progress");
    expect(purchaseStatusWords("Submitted")).toBe("Submitted");
    expect(purchaseStatusWords("Verified")).toBe("Verified");
    expect(purchaseStatusWords("OnHold")).toBe("OnHold");
    expect(purchaseStatusWords("toString")).toBe("toString");
    expect(purchaseStatusWords(null)).toBe("—");
    expect(purchaseStatusWords(undefined)).toBe("—");
  });

  it("words every status the documentation lists for v1 and v2", () => {
    const documented = [
      ...OPERATION_META.listPurchasesV2.query.statuses.values,
      ...OPERATION_META.listPurchases.query.Statuses.values,
    ];
    expect(documented).toContain("InProgress");
    for (const value of documented) expect(PURCHASE_STATUS_WORDS).toHaveProperty(value);
  });

  it("is what the Purchases list's Status column and its Status filter show", () => {
    const status = LIST_VIEWS.purchases.columns.find((c) => c.id === "status")!;
    expect(cellText(status, { status: "InProgress" }, "UTC")).toBe("In progress");
    const filter = filtersOf(OPERATION_META.listPurchasesV2, ["statuses"])[0]!;
    expect(filter.control).toMatchObject({ control: "multi" });
    expect(filter.control.control === "multi" && filter.control.options.find((o) => o.value === "InProgress")).toEqual({
      value: "InProgress",
      label: "In progress",
    });
  });
});

describe("casesText", () => {
  it("writes cases with up to two decimals and thousands grouped", () => {
    expect(casesText(1234.5)).toBe("1,234.5");
    expect(casesText(2 / 3)).toBe("0.67");
    expect(casesText(3)).toBe("3");
  });
});
