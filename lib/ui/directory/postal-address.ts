/** A warehouse's address as the API sends it (every field may be missing). */
export interface PostalAddressFields {
  DBA?: string | null;
  Address?: string | null;
  Address2?: string | null;
  Address3?: string | null;
  City?: string | null;
  State?: string | null;
  PostalCode?: string | null;
}

const present = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/**
 * A location's postal address as the lines of an address block: the business name it trades as, the street lines,
 * then "City, State PostalCode". A missing field leaves no gap and no stray comma; an address with nothing in it is
 * no lines at all (the page shows "—").
 *
 * @example
 * addressLines({ DBA: "Svc Distribution North", Address: "1450 Embarcadero", Address2: "Dock 3", City: "Oakland", State: "CA", PostalCode: "94606" });
 * // ["Svc Distribution North", "1450 Embarcadero", "Dock 3", "Oakland, CA 94606"]
 */
export function addressLines(location: PostalAddressFields): string[] {
  const street = [location.Address, location.Address2, location.Address3].filter(present).map((line) => line.trim());
  const region = [location.State, location.PostalCode]
    .filter(present)
    .map((part) => part.trim())
    .join(" ");
  const last = [location.City?.trim(), region].filter(present).join(", ");
  return [...(present(location.DBA) ? [location.DBA.trim()] : []), ...street, ...(last ? [last] : [])];
}
