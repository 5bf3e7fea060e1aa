/**
 * The parameter the customer pricing list needs before it asks the API anything (the documentation calls it required).
 * Its own module: the page (a server component) and the table (a client component) both read it, and a value exported
 * from a "use client" module reaches the server only as a reference, not as the string.
 */
export const PRICING_CUSTOMER = "CustomerIDs";
