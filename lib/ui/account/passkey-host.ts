/**
 * Why passkeys cannot work at this address, or undefined when they can. WebAuthn names its relying party by a host
 * name: a page opened at an IP address (`http://127.0.0.1:3000`) can neither add nor use one. The words name the
 * same page at `localhost`, which can.
 *
 * @example
 * passkeyHostProblem(new URL("http://127.0.0.1:3000/account")); // "Passkeys need a host name: ... http://localhost:3000/account"
 * passkeyHostProblem(new URL("https://backroom.example/account")); // undefined
 */
export function passkeyHostProblem(url: URL): string | undefined {
  const host = url.hostname;
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[") || host.includes(":");
  if (!ip) return undefined;
  const loopback = host === "127.0.0.1" || host === "[::1]";
  const there = loopback
    ? ` Open this page at ${url.protocol}//localhost${url.port ? `:${url.port}` : ""}${url.pathname} to use them.`
    : " Open Backroom at its host name to use them.";
  return `Passkeys need a host name, and this page is open at an IP address (${host}).${there}`;
}
