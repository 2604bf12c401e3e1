import twilio from "twilio";
import type RequestClient from "twilio/lib/base/RequestClient";
import Response from "twilio/lib/http/response";

export type TwilioRequest = RequestClient.RequestOptions;
export type TwilioReply = { statusCode: number; body: unknown } | Error;

/**
 * The Twilio SDK's HTTP boundary, faked: requests are captured and answered by `reply`
 * instead of going to the network. Everything above it (the SDK's serialisation, auth,
 * error handling, and our provider) runs for real.
 */
export class FakeTwilioHttp extends twilio.RequestClient {
  readonly requests: TwilioRequest[] = [];
  reply: (request: TwilioRequest) => TwilioReply = (request) => ({
    statusCode: 201,
    body: { sid: `CA${String(this.requests.indexOf(request)).padStart(32, "0")}`, status: "queued" },
  });

  override async request<TData>(opts: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
    this.requests.push(opts);
    const reply = this.reply(opts);
    if (reply instanceof Error) throw reply;
    return new Response(reply.statusCode, JSON.stringify(reply.body) as TData, {});
  }
}

export const TEST_TWILIO_ENV = {
  TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000001",
  TWILIO_AUTH_TOKEN: "test-auth-token",
  TWILIO_FROM_NUMBER: "+19492490000",
};
