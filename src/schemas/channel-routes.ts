import { z } from "zod";
import { channelConnectResponseSchema, whatsAppHandshakeSchema } from "./channels.js";
import { messageResponseSchema } from "./common.js";
import { credentialsParams, route } from "./route-contract.js";

const channels = ["Messaging apps"] as const;

/** Messaging apps' routes (README "Messaging apps"): the apps call the webhook, the builder connects. */
export const channelRouteContracts = {
  channelHandshake: route("channelHandshake", {
    summary: "WhatsApp's webhook handshake: answers hub.challenge when hub.verify_token is the credential's",
    tags: channels,
    auth: "none",
    params: credentialsParams,
    query: whatsAppHandshakeSchema,
    response: z.string().meta({ description: "text/plain; the challenge" }),
    responseContentType: "text/plain",
  }),
  channelWebhook: route("channelWebhook", {
    summary:
      "Where WhatsApp or Telegram delivers messages: checked (X-Hub-Signature-256 or X-Telegram-Bot-Api-Secret-Token), answered at once, the turns run after",
    tags: channels,
    auth: "none",
    params: credentialsParams,
    rawBody: { contentType: "application/json", description: "The app's webhook body, exactly as sent (it is signed)" },
    response: messageResponseSchema,
  }),
  connectChannel: route("connectChannel", {
    summary:
      "Connect a messaging app: Telegram gets the webhook URL and secret token (setWebhook); WhatsApp's URL and verify token come back to paste into Meta's dashboard",
    tags: channels,
    auth: "token",
    params: credentialsParams,
    response: channelConnectResponseSchema,
  }),
};
