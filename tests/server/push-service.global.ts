// The local Web Push service the server tests send to (tests/push-service.ts): its URL is provided to the tests, which
// subscribe there as a browser would and read back what it received, decrypted.
import type { TestProject } from "vitest/node";
import { startPushService } from "../push-service";

export default async function setup(project: TestProject) {
  const service = await startPushService();
  project.provide("pushService", service.url);
  return service.stop;
}

declare module "vitest" {
  export interface ProvidedContext {
    pushService: string;
  }
}
