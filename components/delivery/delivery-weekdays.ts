/** The weekdays' short names, Monday (ISO weekday 1) first. */
export const SHORT_WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;
