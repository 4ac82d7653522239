// Google sign-in: OpenID Connect authorization code flow with PKCE and state.
import { createRemoteJWKSet, jwtVerify } from "jose";
import { AppError } from "../errors";
import { readCookie } from "../http/cookies.server";

const STATE_COOKIE = "cw_oidc";

interface Discovery {
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  issuer: string;
}

export function googleConfigured(env: Env): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

const discoveries = new Map<string, Promise<Discovery>>();
function discover(issuer: string): Promise<Discovery> {
  let d = discoveries.get(issuer);
  if (!d) {
    d = fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`).then((r) => {
      if (!r.ok) throw new Error(`OIDC discovery failed: ${r.status}`);
      return r.json() as Promise<Discovery>;
    });
    d.catch(() => discoveries.delete(issuer));
    discoveries.set(issuer, d);
  }
  return d;
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const random = (n = 32) => b64url(crypto.getRandomValues(new Uint8Array(n)));
const issuerOf = (env: Env) => env.GOOGLE_ISSUER || "https://accounts.google.com";

/**
 * Sends the browser to Google; `redirectTo` (a page to come back to, checked again by the callback) travels in the
 * state cookie, after the three values the callback checks.
 */
export async function startGoogleSignIn(env: Env, request: Request, redirectTo = ""): Promise<Response> {
  const { authorization_endpoint } = await discover(issuerOf(env));
  const state = random();
  const verifier = random();
  const nonce = random();
  const challenge = b64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
  const url = new URL(authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: env.GOOGLE_CLIENT_ID!,
    redirect_uri: new URL("/auth/google/callback", request.url).toString(),
    response_type: "code",
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  const back = encodeURIComponent(redirectTo.slice(0, 500));
  const cookie = `${STATE_COOKIE}=${state}.${verifier}.${nonce}.${back}; Path=/auth/google; HttpOnly; Secure; SameSite=Lax; Max-Age=600`;
  return new Response(null, { status: 302, headers: { Location: url.toString(), "Set-Cookie": cookie } });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return "";
  }
}

export async function finishGoogleSignIn(env: Env, request: Request) {
  const url = new URL(request.url);
  const [state, verifier, nonce, ...back] = (readCookie(request, STATE_COOKIE) ?? "").split(".");
  if (!state || url.searchParams.get("state") !== state)
    throw new AppError("bad_request", "Google sign-in expired. Please try again.");
  const code = url.searchParams.get("code");
  if (!code) throw new AppError("bad_request", url.searchParams.get("error") ?? "Google sign-in was cancelled");
  const discovery = await discover(issuerOf(env));
  const tokenResponse = await fetch(discovery.token_endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: new URL("/auth/google/callback", request.url).toString(),
      client_id: env.GOOGLE_CLIENT_ID!,
      client_secret: env.GOOGLE_CLIENT_SECRET!,
      code_verifier: verifier,
    }),
  });
  if (!tokenResponse.ok) throw new AppError("unauthorized", "Google did not accept the sign-in");
  const { id_token } = (await tokenResponse.json()) as { id_token?: string };
  if (!id_token) throw new AppError("unauthorized", "Google did not return an identity");
  const { payload } = await jwtVerify(id_token, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
    issuer: discovery.issuer,
    audience: env.GOOGLE_CLIENT_ID,
  });
  if (payload.nonce !== nonce) throw new AppError("unauthorized", "Google sign-in could not be verified");
  // Google must vouch for the address: a token without email_verified: true makes and links no account.
  if (typeof payload.email !== "string" || payload.email_verified !== true) {
    throw new AppError("unauthorized", "Your Google account has no verified e-mail");
  }
  return {
    email: payload.email,
    name: typeof payload.name === "string" ? payload.name : payload.email,
    photo: typeof payload.picture === "string" && payload.picture.startsWith("https://") ? payload.picture : null,
    /** where the sign-in started wants to return (unchecked: the caller passes it through afterSignIn) */
    redirectTo: safeDecode(back.join(".")),
    clearCookie: `${STATE_COOKIE}=; Path=/auth/google; HttpOnly; Secure; SameSite=Lax; Max-Age=0`,
  };
}
