"use client";

import { useSyncExternalStore } from "react";
import { passkeyHostProblem } from "@/lib/ui/account/passkey-host";

const never = () => () => {};

/** Why passkeys cannot work where this page is open (an IP address), read in the browser; none on the server. */
export function usePasskeyHostProblem(): string | undefined {
  return useSyncExternalStore(never, () => passkeyHostProblem(new URL(window.location.href)), () => undefined);
}
