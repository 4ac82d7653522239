// The parts of web-push-testing (which ships no types) that tests/push-service.ts uses.
declare module "web-push-testing/src/PushApiModel.js" {
  export class PushApiModel {
    notifyUrl: string;
  }
}
declare module "web-push-testing/src/server.js" {
  import type { Server } from "node:http";
  import type { PushApiModel } from "web-push-testing/src/PushApiModel.js";
  export default class WebPushTestingServer {
    constructor(model: PushApiModel, port: number);
    startServer(): void;
    _server: Server;
  }
}
