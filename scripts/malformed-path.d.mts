import type { IncomingMessage, ServerResponse } from "node:http";

/** See malformed-path.mjs. */
export const NOT_FOUND_PATH: string;
export function hasMalformedEscape(path: string): boolean;
export type MalformedAnswer = { status: 400; headers: Record<string, string>; body: string };
export type MalformedRewrite = { rewrite: string };
export function malformedPathAnswer(target: string): MalformedAnswer | MalformedRewrite | null;
export function answerMalformedPath(request: IncomingMessage, response: ServerResponse): boolean;
