import { describe, expect, it } from "vitest";
import { clearedSessionCookies, isHttps, readSessionId, sessionCookie, sessionIdFromCookies } from "./session-cookie";

const ID = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd";
const OTHER_ID = "ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210-_zyxw";

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });
/** A Set-Cookie value as its name=value and its attributes, lower-cased. */
function parse(setCookie: string) {
  const [pair, ...attributes] = setCookie.split(";").map((s) => s.trim());
  const [name, value] = pair!.split("=") as [string, string];
  return { name, value, attributes: new Set(attributes.map((a) => a.toLowerCase())) };
}

describe("isHttps", () => {
  it.each([
    { name: "plain http", url: "http://127.0.0.1:3000/", headers: {}, https: false },
    { name: "https in the URL", url: "https://backroom.example/", headers: {}, https: true },
    { name: "X-Forwarded-Proto: https in front of an http server", url: "http://10.0.0.7:3000/", headers: { "X-Forwarded-Proto": "https" }, https: true },
    { name: "the first hop of a X-Forwarded-Proto list", url: "http://10.0.0.7:3000/", headers: { "X-Forwarded-Proto": "https, http" }, https: true },
    { name: "X-Forwarded-Proto: http wins over the URL", url: "https://10.0.0.7/", headers: { "X-Forwarded-Proto": "http" }, https: false },
  ] as { name: string; url: string; headers: Record<string, string>; https: boolean }[])("$name → $https", ({ url, headers, https }) => {
    expect(isHttps(request(url, headers))).toBe(https);
  });
});

describe("sessionCookie", () => {
  it("over http: the plain name, HttpOnly, SameSite=Strict, Path=/, Max-Age, and not Secure", () => {
    const cookie = parse(sessionCookie(request("http://127.0.0.1:3000/api/session"), ID, 604_800));
    expect([cookie.name, cookie.value]).toEqual(["backroom_session", ID]);
    expect([...cookie.attributes].sort()).toEqual(["httponly", "max-age=604800", "path=/", "samesite=strict"]);
  });

  it("over https (told by X-Forwarded-Proto): the __Host- name and Secure, without Domain", () => {
    const cookie = parse(sessionCookie(request("http://10.0.0.7:3000/api/session", { "X-Forwarded-Proto": "https" }), ID, 3600));
    expect([cookie.name, cookie.value]).toEqual(["__Host-backroom_session", ID]);
    expect([...cookie.attributes].sort()).toEqual(["httponly", "max-age=3600", "path=/", "samesite=strict", "secure"]);
  });
});

describe("readSessionId", () => {
  it.each([
    { name: "reads the plain cookie", cookie: `backroom_session=${ID}`, id: ID },
    { name: "over HTTPS reads the __Host- cookie", cookie: `__Host-backroom_session=${ID}`, https: true, id: ID },
    { name: "over HTTPS ignores a plain cookie, even one sent first (it could have been planted)", cookie: `backroom_session=${OTHER_ID}; __Host-backroom_session=${ID}`, https: true, id: ID },
    { name: "over HTTPS answers undefined with only a plain cookie", cookie: `backroom_session=${ID}`, https: true, id: undefined },
    { name: "over HTTP ignores a __Host- cookie", cookie: `__Host-backroom_session=${ID}`, id: undefined },
    { name: "finds it among other cookies", cookie: `theme=dark; backroom_session=${ID}; other=1`, id: ID },
    { name: "ignores another cookie holding an id-shaped value", cookie: `backroom_session_old=${ID}; session=${OTHER_ID}`, id: undefined },
    { name: "ignores a value too short to be an id", cookie: "backroom_session=abc", id: undefined },
    { name: "ignores a value with characters an id never has", cookie: `backroom_session=${ID.slice(0, 30)}%2F..;`, id: undefined },
    { name: "ignores a quoted value", cookie: `backroom_session="${ID}"`, id: undefined },
    { name: "ignores an empty value", cookie: "backroom_session=", id: undefined },
    { name: "over HTTPS skips a malformed plain copy for the well-formed __Host- one", cookie: `backroom_session=bad; __Host-backroom_session=${OTHER_ID}`, https: true, id: OTHER_ID },
    { name: "answers undefined with no Cookie header", cookie: undefined, id: undefined },
  ] as { name: string; cookie: string | undefined; https?: boolean; id: string | undefined }[])("$name", ({ cookie, https, id }) => {
    const headers: Record<string, string> = { ...(cookie === undefined ? {} : { Cookie: cookie }), ...(https ? { "X-Forwarded-Proto": "https" } : {}) };
    expect(readSessionId(request("http://backroom.test/", headers))).toBe(id);
  });
});

describe("sessionIdFromCookies", () => {
  const jar = (values: Record<string, string>) => ({ get: (name: string) => (name in values ? { value: values[name]! } : undefined) });
  it.each([
    { name: "over HTTPS takes the __Host- cookie", values: { "__Host-backroom_session": ID, backroom_session: OTHER_ID }, https: true, id: ID },
    { name: "over HTTPS ignores a plain cookie (it could have been planted)", values: { backroom_session: OTHER_ID }, https: true, id: undefined },
    { name: "over HTTP reads the plain cookie", values: { backroom_session: OTHER_ID }, https: false, id: OTHER_ID },
    { name: "ignores a malformed value", values: { backroom_session: "not an id" }, https: false, id: undefined },
  ] as { name: string; values: Record<string, string>; https: boolean; id: string | undefined }[])("$name", ({ values, https, id }) => {
    expect(sessionIdFromCookies(jar(values), https)).toBe(id);
  });
});

describe("clearedSessionCookies", () => {
  it("over http clears the plain cookie now (Max-Age=0, empty value)", () => {
    const cleared = clearedSessionCookies(request("http://127.0.0.1:3000/api/session")).map(parse);
    expect(cleared.map((c) => [c.name, c.value, c.attributes.has("max-age=0"), c.attributes.has("path=/")])).toEqual([["backroom_session", "", true, true]]);
  });

  it("over https clears both names, the __Host- one Secure (else the browser refuses the deletion)", () => {
    const cleared = clearedSessionCookies(request("https://backroom.example/api/session")).map(parse);
    expect(cleared.map((c) => c.name).sort()).toEqual(["__Host-backroom_session", "backroom_session"]);
    for (const c of cleared) expect([c.value, c.attributes.has("max-age=0"), c.attributes.has("path=/")]).toEqual(["", true, true]);
    expect(cleared.find((c) => c.name.startsWith("__Host-"))?.attributes.has("secure")).toBe(true);
  });
});
