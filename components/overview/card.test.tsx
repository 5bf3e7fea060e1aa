import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Card } from "./card";

describe("an overview card's link", () => {
  it("offers to allocate a payment's credit only to a role that may; another is told what the page shows", () => {
    expect(renderToString(<Card card="payments" loading />)).toContain("Allocate a payment&#x27;s credit");
    const readOnly = renderToString(<Card card="payments" loading readOnly />);
    expect(readOnly).toContain("Payments and their credit");
    expect(readOnly).not.toContain("Allocate");
  });

  it("says the same to every role where the page has nothing a role could not do", () => {
    expect(renderToString(<Card card="owed" loading readOnly />)).toContain("The AR aging report");
  });
});
