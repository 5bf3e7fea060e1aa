import { generateKeyPairSync } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { freePort } from "../../scripts/processes";

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
 * An OpenID Connect provider on loopback (oidc-provider), with one client: Backroom at `appUrl`, its redirect URI
 * better-auth's callback of the provider `oidc`. better-auth 1.7's generic OAuth makes the provider a social one, so
 * that is `/api/auth/callback/oidc` (not the `/api/auth/oauth2/callback/oidc` of earlier versions, which auth.ts's
 * comment still names). The secret goes in the token request's body (better-auth's default with a secret); PKCE. Its own sign-in pages are oidc-provider's development ones: any
 * login with any password signs in, and the consent page asks to continue. The people it knows have a verified email.
 */
export async function startIdentityProvider(appUrl: string): Promise<IdentityProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "backroom-e2e";
  const clientSecret = `secret-${process.pid}-${Date.now().toString(36)}`;
  const people = new Map<string, ProviderPerson>();
  // Loaded here, not at the top: only the single sign-on spec starts it (oidc-provider warns about Node 20 as it loads).
  const { default: Provider } = await import("oidc-provider");
  const provider = new Provider(issuer, {
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
      return { accountId: id, claims: () => ({ sub: id, email: person.email, email_verified: true, name: person.name }) };
    },
    features: { devInteractions: { enabled: true } },
    // Its own signing key and lifetimes (oidc-provider warns at every use of its quick-start ones).
    jwks: { keys: [{ ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }), use: "sig", kid: "e2e" }] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    cookies: { keys: [`cookie-key-${clientSecret}`] },
  });
  const server: Server = await new Promise((resolve) => {
    const listening = provider.listen(port, "127.0.0.1", () => resolve(listening));
  });
  const address = server.address() as AddressInfo;
  if (address.port !== port) throw new Error("the identity provider is not on its port");
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
