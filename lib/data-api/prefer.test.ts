import { describe, expect, it } from "vitest";
import { honouredPreferences, NO_PREFERENCES, parsePrefer } from "./prefer";
import { operations } from "./registry";

describe("parsePrefer", () => {
  it.each([
    [null, { minimal: false, representation: false, lenient: false }],
    ["return=minimal", { minimal: true, representation: false, lenient: false }],
    ["return=representation", { minimal: false, representation: true, lenient: false }],
    ["handling=lenient, return=minimal", { minimal: true, representation: false, lenient: true }],
    ['Return="minimal"; foo=bar,HANDLING=lenient', { minimal: true, representation: false, lenient: true }],
    ["handling=strict, respond-async", { minimal: false, representation: false, lenient: false }],
    // A token is read whole: a name or value that only starts like a known one is another token.
    ["handling=lenientish, xhandling=lenient", { minimal: false, representation: false, lenient: false }],
  ])("reads %j", (header, expected) => {
    expect(parsePrefer(header)).toEqual(expected);
  });
});

describe("honouredPreferences", () => {
  const ALL = "return=minimal, handling=lenient";

  it("honours both tokens on a create, which takes Prefer, has a lenient body and a body-less 201", () => {
    expect(honouredPreferences(operations.createPurchase, ALL)).toEqual({
      minimal: true,
      representation: false,
      lenient: true,
    });
  });

  it("honours return=minimal on a submit (204 documented) although it has no body to be lenient about", () => {
    expect(honouredPreferences(operations.submitPurchase, ALL)).toEqual({
      minimal: true,
      representation: false,
      lenient: false,
    });
  });

  it("keeps validate's body (no body-less answer is documented) but reads its body leniently", () => {
    expect(honouredPreferences(operations.validatePurchase, ALL)).toEqual({
      minimal: false,
      representation: false,
      lenient: true,
    });
  });

  it("names an explicit return=representation where Prefer is taken", () => {
    expect(honouredPreferences(operations.updatePurchase, "return=representation")).toEqual({
      minimal: false,
      representation: true,
      lenient: false,
    });
  });

  it.each([["createPaymentApplication"], ["deletePurchase"], ["listInvoices"]] as const)(
    "honours nothing on %s, which does not take Prefer",
    (id) => {
      expect(operations[id].headers).not.toContain("Prefer");
      expect(honouredPreferences(operations[id], ALL)).toEqual(NO_PREFERENCES);
    },
  );
});
