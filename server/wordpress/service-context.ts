import { loadKeyRing, type SecretKeyRing } from "../crypto/secret-box";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { createSafeHttpClient, type SafeHttpClient } from "./http-client";

/** Who asked (the signed-in admin), for the logs. */
export interface Actor {
  userId: string;
  email?: string;
}

export interface WordPressServices {
  http: SafeHttpClient;
  keyRing: SecretKeyRing;
  keySource: "ENCRYPTION_KEY" | "development key";
}

const cache = new WeakMap<Env, WordPressServices>();

/** The outbound client and key ring for one configuration, made once per Env. */
export function wordpressServices(env: Env, logger: Logger): WordPressServices {
  let services = cache.get(env);
  if (!services) {
    services = {
      http: createSafeHttpClient({ allowedHosts: env.WORDPRESS_ALLOWED_HOSTS }),
      keyRing: loadKeyRing(env, logger),
      keySource: env.ENCRYPTION_KEY ? "ENCRYPTION_KEY" : "development key",
    };
    cache.set(env, services);
  }
  return services;
}
