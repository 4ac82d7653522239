// UpdateNotificationSettings and SendTestEventNotification (docs/mturk.md): a HIT type's events sent by e-mail to
// the requester's own address (MTurk's Email transport), or posted to an HTTPS webhook that Coinwork signs
// (Coinwork's extension, standing in for the SNS and SQS that MTurk published to; those are refused by name).
import type { SessionUser } from "../auth/session.server";
import { appOrigin, isProduction } from "../environment.server";
import { buyerHitType } from "../services/hits.server";
import {
  EVENT_TYPES,
  saveNotificationSpec,
  sendTestEvent,
  setNotificationsActive,
  type EventType,
  type NotificationSpec,
} from "../services/hit-notifications.server";
import { text, type Input } from "./input.server";
import { readSignedRequest } from "./signature.server";
import { requestError } from "./wire.server";

type Operation = (env: Env, requester: SessionUser, input: Input, request: Request) => Promise<unknown>;

/** MTurk's notification versions: 2006-05-05 (the SDKs' documentation) and 2014-08-15 (the SNS and SQS messages). */
const VERSIONS = ["2006-05-05", "2014-08-15"];
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function eventType(value: unknown, field: string, ping: boolean): EventType {
  const name = typeof value === "string" ? value : "";
  if (!(EVENT_TYPES as readonly string[]).includes(name) || (name === "Ping" && !ping))
    throw requestError(
      `${field} ${String(value)} is not an event Coinwork sends: ${EVENT_TYPES.filter((e) => ping || e !== "Ping").join(", ")}.`,
    );
  return name as EventType;
}

/** An https address (or, off production, http on this machine: a local receiver while developing). */
function webhookUrl(env: Env, destination: string): string {
  let url: URL;
  try {
    url = new URL(destination);
  } catch {
    throw requestError(`Destination ${destination} is not an address: the HTTPS transport posts to a URL.`);
  }
  const local = !isProduction(env) && url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !local)
    throw requestError("Destination must be an https:// address: Coinwork posts signed events over HTTPS only.");
  if (url.username || url.password) throw requestError("Destination must not carry a user name or password.");
  return url.toString();
}

/** A Notification structure, checked: the transport and its destination, the version, the events. */
function readSpec(env: Env, requester: SessionUser, value: unknown, ping: boolean): NotificationSpec {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw requestError("Notification must be a structure with Destination, Transport, Version and EventTypes.");
  const n = value as Input;
  const transport = text(n, "Transport");
  if (transport === "SNS" || transport === "SQS")
    throw requestError(
      `Transport ${transport} is not supported: Coinwork cannot publish to Amazon ${transport}. Use Email, or Coinwork's HTTPS webhook (Transport "HTTPS", docs/mturk.md).`,
      "AWS.MechanicalTurk.UnsupportedTransport",
    );
  if (transport !== "Email" && transport !== "HTTPS")
    throw requestError(`Transport ${transport} is not one of Email and HTTPS.`);
  const destination = text(n, "Destination").trim();
  if (destination.length > 2048) throw requestError("Destination must be at most 2048 characters.");
  if (transport === "Email" && destination.toLowerCase() !== requester.email.toLowerCase())
    throw requestError(
      `Destination must be your account's e-mail address (${requester.email}): Coinwork sends notifications only to it.`,
    );
  const version = text(n, "Version");
  if (!VERSIONS.includes(version)) throw requestError(`Version must be ${VERSIONS.join(" or ")}.`);
  const events = n.EventTypes;
  if (!Array.isArray(events) || !events.length) throw requestError("EventTypes must list at least one event.");
  return {
    transport,
    destination: transport === "HTTPS" ? webhookUrl(env, destination) : destination,
    version,
    eventTypes: [...new Set(events.map((e) => eventType(e, "EventType", ping)))],
  };
}

export const NOTIFICATION_OPERATIONS: Record<string, Operation> = {
  UpdateNotificationSettings: async (env, requester, input, request) => {
    const hitTypeId = text(input, "HITTypeId");
    if (!(await buyerHitType(env, requester.id, hitTypeId)))
      throw requestError(`HIT type ${hitTypeId} does not exist.`, "AWS.MechanicalTurk.HITTypeDoesNotExist");
    if (input.Active !== undefined && typeof input.Active !== "boolean")
      throw requestError("Active must be true or false.");
    if (input.Notification === undefined) {
      if (typeof input.Active !== "boolean") throw requestError("Give Notification, Active, or both.");
      if (!(await setNotificationsActive(env, requester.id, hitTypeId, input.Active)))
        throw requestError(`HIT type ${hitTypeId} has no notification specification to switch: give Notification.`);
      return {};
    }
    const spec = readSpec(env, requester, input.Notification, false);
    await saveNotificationSpec(env, {
      hitTypeId,
      buyerId: requester.id,
      // the webhook's posts are signed with the key that set them (docs/mturk.md)
      accessKeyId: readSignedRequest(request).accessKeyId,
      spec,
      active: input.Active !== false,
    });
    return {};
  },

  // sent now, whatever the specification's EventTypes; a destination that does not take it is a RequestError
  SendTestEventNotification: async (env, requester, input, request) => {
    const spec = readSpec(env, requester, input.Notification, true);
    const event = eventType(input.TestEventType, "TestEventType", true);
    try {
      await sendTestEvent(
        env,
        readSignedRequest(request).accessKeyId,
        requester.id,
        spec,
        event,
        appOrigin(env, request),
      );
    } catch (e) {
      throw requestError(
        `The test notification could not be sent to ${spec.destination}: ${e instanceof Error ? e.message : String(e)}.`,
      );
    }
    return {};
  },
};
