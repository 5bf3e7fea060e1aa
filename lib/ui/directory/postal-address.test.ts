import { describe, expect, it } from "vitest";
import { addressLines } from "./postal-address";

describe("addressLines", () => {
  it("writes a warehouse's address as a block: name, street lines, then city, state and postal code", () => {
    expect(
      addressLines({
        DBA: "Svc Distribution North",
        Address: "1450 Embarcadero",
        Address2: "Dock 3",
        Address3: null,
        City: "Oakland",
        State: "CA",
        PostalCode: "94606",
      }),
    ).toEqual(["Svc Distribution North", "1450 Embarcadero", "Dock 3", "Oakland, CA 94606"]);
  });

  it("leaves no gap and no stray comma where fields are missing, null or blank", () => {
    expect(
      addressLines({ Address: "2200 E 7th St", Address2: "  ", City: "Los Angeles", PostalCode: "90023" }),
    ).toEqual(["2200 E 7th St", "Los Angeles, 90023"]);
    expect(addressLines({ State: "CA", PostalCode: "94606" })).toEqual(["CA 94606"]);
    expect(addressLines({ City: " Oakland " })).toEqual(["Oakland"]);
  });

  it("is no lines at all for a sparse record with no address", () => {
    expect(addressLines({})).toEqual([]);
    expect(addressLines({ DBA: null, Address: null, City: "", State: undefined })).toEqual([]);
  });
});
