import { describe, expect, it } from "vitest";
import { accountOpenInvoicesRequest, agingAccounts } from "./customer-requests";

describe("agingAccounts", () => {
  it("names each AR account of the aging rows once, in the rows' order, skipping rows without one", () => {
    expect(
      agingAccounts([
        { ARAccountID: 50009 },
        { ARAccountID: 50007 },
        { ARAccountID: 50009 },
        {},
        { ARAccountID: null },
      ]),
    ).toEqual([50009, 50007]);
    expect(agingAccounts([])).toEqual([]);
  });

  it("gives the same request for the same accounts in any order (the server's and the browser's)", () => {
    expect(accountOpenInvoicesRequest(agingAccounts([{ ARAccountID: 2 }, { ARAccountID: 1 }]))).toEqual(
      accountOpenInvoicesRequest([1, 2]),
    );
  });
});
