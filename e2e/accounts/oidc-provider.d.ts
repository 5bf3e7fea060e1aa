// oidc-provider ships no types and the project has no @types for it: what e2e/accounts/identity-provider.ts uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[] | null>;
    features?: Record<string, { enabled: boolean } & Record<string, unknown>>;
    cookies?: { keys?: string[] } & Record<string, unknown>;
    pkce?: Record<string, unknown>;
    ttl?: Record<string, number>;
    [option: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
