// The attributes the order guide's server-drawn rows carry for its two small client parts (`ShowMore`, the list's
// form): plain strings in a module of their own, since a server component reads a client module's exports as
// references, not values.

/** Each row's place in the filtered list (cards and table rows alike). */
export const ROW_INDEX = "data-guide-index";
/** The guide's two layouts: cards on a phone, the table on a desk. */
export const LAYOUT = "data-guide-layout";
