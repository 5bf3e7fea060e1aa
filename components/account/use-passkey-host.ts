"use client";

import { usePathname } from "next/navigation";
import { useSyncExternalStore } from "react";
import { passkeyHostProblem } from "@/lib/ui/account/passkey-host";

const never = () => () => {};

/**
 * Why passkeys cannot work where this page is open (an IP address), read in the browser. On the server, from the host
 * the request named (`host`, given by the page), so the note is drawn with the page and nothing moves when it hydrates.
 */
export function usePasskeyHostProblem(host: string | undefined): string | undefined {
  const pathname = usePathname();
  return useSyncExternalStore(
    never,
    () => passkeyHostProblem(new URL(window.location.href)),
    () => (host ? problemAt(`http://${host}${pathname}`) : undefined),
  );
}

function problemAt(address: string): string | undefined {
  try {
    return passkeyHostProblem(new URL(address));
  } catch {
    return undefined;
  }
}
