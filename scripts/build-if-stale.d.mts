/** See build-if-stale.mjs. */
export const TEMPLATE_DIR: string;
export function hasBuild(): boolean;
export function buildIsCurrent(): boolean;
export function buildIfStale(): void;
