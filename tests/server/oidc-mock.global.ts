// A real local OpenID Connect provider standing in for Google (oauth2-mock-server).
import { OAuth2Server } from "oauth2-mock-server";
import type { TestProject } from "vitest/node";

export const GOOGLE_TEST_EMAIL = "google.person@coinwork.test";

export default async function setup(project: TestProject) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  // A token request may name another person with an extra `email` field (tests of first sign-ins), and say that
  // Google has not verified the address (`email_verified=false`, or `email_verified=absent` to leave the claim out).
  server.service.on("beforeTokenSigning", (token, req) => {
    const body = req.body as Record<string, unknown> | undefined;
    const email = body?.email;
    token.payload.email = typeof email === "string" ? email : GOOGLE_TEST_EMAIL;
    if (body?.email_verified === "absent") delete token.payload.email_verified;
    else token.payload.email_verified = body?.email_verified !== "false";
    token.payload.name = typeof email === "string" ? "Nadia New" : "Grace Google";
    token.payload.picture = "https://lh3.googleusercontent.com/a/photo.jpg";
  });
  await server.start(0, "127.0.0.1");
  project.provide("oidcIssuer", server.issuer.url!);
  return () => server.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    oidcIssuer: string;
  }
}
