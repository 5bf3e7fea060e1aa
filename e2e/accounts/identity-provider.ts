import { generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A person the identity provider knows: signing in there with `login` names them. */
export interface ProviderPerson {
  login: string;
  email: string;
  name: string;
}

export interface IdentityProvider {
  /** `http://127.0.0.1:<port>`: Backroom's OIDC_ISSUER (discovery at /.well-known/openid-configuration). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds a person (each test its own, by a login of its own). */
  add(person: ProviderPerson): void;
  close(): Promise<void>;
}

/**
 * An OpenID Connect provider on loopback (oidc-provider), with one client: Backroom at `appUrl`. Its redirect URI is
 * better-auth's callback of the provider `oidc`: better-auth 1.7's generic OAuth makes the provider a social one, so
 * that is `/api/auth/callback/oidc` (not the `/api/auth/oauth2/callback/oidc` of earlier versions, which auth.ts's
 * comment still names). The secret goes in the token request's body (better-auth's default with a secret); PKCE. Its
 * sign-in pages are oidc-provider's development ones: any login with any password signs in, and the consent page asks
 * to continue. The people it knows have a verified email.
 */
/**
 * Runs `work` with oidc-provider's warnings left out of the test's output: as it loads (Node 20 is not its LTS) and
 * starts (its development interactions and in-memory store, which are what a test's provider is meant to use).
 */
async function withoutProviderWarnings<T>(work: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith("oidc-provider WARNING")) warn(...args);
  };
  try {
    return await work();
  } finally {
    console.warn = warn;
  }
}

export async function startIdentityProvider(appUrl: string): Promise<IdentityProvider> {
  // Listening first (on a port the OS gives), so the issuer names the port it has.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "backroom-e2e";
  const clientSecret = `secret-${process.pid}-${Date.now().toString(36)}`;
  const people = new Map<string, ProviderPerson>();
  // Loaded here, not at the top: only the single sign-on spec starts it.
  const provider = await withoutProviderWarnings(async () => {
    const { default: Provider } = await import("oidc-provider");
    return new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "client_secret_post",
        },
      ],
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
      findAccount: (_ctx, id) => {
        const person = people.get(id);
        if (!person) return undefined;
        return {
          accountId: id,
          claims: () => ({ sub: id, email: person.email, email_verified: true, name: person.name }),
        };
      },
      features: { devInteractions: { enabled: true } },
      // Its own signing key and lifetimes (oidc-provider warns at every use of its quick-start ones).
      jwks: {
        keys: [
          {
            ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }),
            use: "sig",
            kid: "e2e",
          },
        ],
      },
      ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      cookies: { keys: [`cookie-key-${clientSecret}`] },
    });
  });
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    add: (person) => void people.set(person.login, person),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
