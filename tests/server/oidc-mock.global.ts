// A real local OpenID Connect provider standing in for Google (oauth2-mock-server).
import { OAuth2Server } from "oauth2-mock-server";
import type { TestProject } from "vitest/node";

export const GOOGLE_TEST_EMAIL = "google.person@coinwork.test";

export default async function setup(project: TestProject) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  server.service.on("beforeTokenSigning", (token) => {
    token.payload.email = GOOGLE_TEST_EMAIL;
    token.payload.email_verified = true;
    token.payload.name = "Grace Google";
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
