/** The name of request-call.ts's failures, which the dialog (loading that module only when sending) recognises. */
export const CALLBACK_ERROR = "CallbackError";
