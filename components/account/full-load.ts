/**
 * Leaves for a page of this site with a full load, not the router's: after a sign-out or leaving a workspace, nothing
 * of the ended session (its client caches, its workspace's data) stays in memory.
 *
 * @example
 * await sessionClient.signOut();
 * fullLoad("/sign-in");
 */
export function fullLoad(path: "/sign-in" | "/workspaces" | `/sign-in?next=${string}`): void {
  window.location.assign(path);
}
