/** See build-if-stale.mjs. */
export function hasBuild(): boolean;
export function buildIfStale(): void;
