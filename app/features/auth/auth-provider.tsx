import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { type AuthError, authApi } from "./api";
import { AUTH_TEXT } from "~/domain/sign-in-text";
import { type AuthSnapshot, SIGNED_OUT } from "~/domain/auth-session";

/** The spec's Session: user, session (expires_at in seconds), loading, isAdmin. */
export interface Session extends AuthSnapshot {
  loading: boolean;
}

export interface AuthContextValue extends Session {
  isAuthenticated: boolean;
  /** Mails a sign-in link and code (POST /api/auth/magic-link). `redirectTo`: a path on this site to return to. */
  signIn(email: string, options?: { redirectTo?: string }): Promise<{ error: AuthError | null }>;
  /** Signs in with the code from the mail; on success the state updates and 'Signed In' shows. */
  verifyCode(email: string, code: string): Promise<{ error: AuthError | null; redirectTo?: string }>;
  /** For the /auth/verify page once its action has signed this browser in. */
  completeSignIn(): Promise<void>;
  /** Deletes the server session (POST /api/auth/sign-out); 'Signed Out' shows. */
  signOut(): Promise<{ error: AuthError | null }>;
  /** Re-reads the session from the server (GET /api/auth/session). */
  refresh(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Tabs tell each other about sign-in and sign-out; no token ever travels, each tab asks the server. */
const CHANNEL = "cat-hotel-auth";
type AuthEvent = "signed-in" | "signed-out";

/**
 * `seed`: the session as the server rendered the page with it (see `useLoaderAuthSnapshot`), so
 * the page starts in the right state instead of "loading"; without it the session is asked for.
 */
export function AuthProvider({ seed, children }: { seed?: AuthSnapshot; children: React.ReactNode }) {
  const [state, setState] = useState<Session>(() => (seed ? { ...seed, loading: false } : { ...SIGNED_OUT, loading: true }));
  // A page load or navigation brings a fresher server answer: adopt it (React's "state from props" pattern).
  const [lastSeed, setLastSeed] = useState(seed);
  if (seed !== lastSeed) {
    setLastSeed(seed);
    if (seed) setState({ ...seed, loading: false });
  }

  const needsFirstLoad = useRef(!seed);
  const channel = useRef<BroadcastChannel | null>(null);

  const load = useCallback(async (): Promise<AuthSnapshot | null> => {
    // No hint cookie: this browser has no session, and a visitor's page view asks the server nothing.
    if (!hasSignedInHint()) {
      setState({ ...SIGNED_OUT, loading: false });
      return SIGNED_OUT;
    }
    const { data } = await authApi.session();
    // On a network error keep what we knew; the next check will tell.
    setState((s) => (data ? { ...data, loading: false } : { ...s, loading: false }));
    return data;
  }, []);

  const announce = useCallback((event: AuthEvent, snapshot: AuthSnapshot, fromOtherTab = false) => {
    if (event === "signed-in" && snapshot.user) {
      toast.success(AUTH_TEXT.signedInTitle, { description: AUTH_TEXT.signedIn(snapshot.user.email) });
    }
    if (event === "signed-out") toast(AUTH_TEXT.signedOutTitle, { description: AUTH_TEXT.signedOut });
    if (!fromOtherTab) channel.current?.postMessage(event);
  }, []);

  useEffect(() => {
    if (needsFirstLoad.current) void load();
    needsFirstLoad.current = false;

    const onVisible = () => {
      if (document.visibilityState === "visible") void load();
    };
    document.addEventListener("visibilitychange", onVisible);
    if (typeof BroadcastChannel === "undefined") return () => document.removeEventListener("visibilitychange", onVisible);

    const ch = new BroadcastChannel(CHANNEL);
    channel.current = ch;
    ch.onmessage = async (message: MessageEvent<AuthEvent>) => {
      const snapshot = await load();
      if (snapshot && (message.data === "signed-out" || snapshot.user)) announce(message.data, snapshot, true);
    };
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      ch.close();
      channel.current = null;
    };
  }, [load, announce]);

  const completeSignIn = useCallback(async () => {
    const snapshot = await load();
    if (snapshot?.user) announce("signed-in", snapshot);
  }, [load, announce]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      isAuthenticated: state.user !== null,
      async signIn(email, options) {
        const { error } = await authApi.requestMagicLink(email, options?.redirectTo);
        return { error };
      },
      async verifyCode(email, code) {
        const { data, error } = await authApi.verifyCode(email, code);
        if (error) return { error };
        await completeSignIn();
        return { error: null, redirectTo: data.redirectTo };
      },
      completeSignIn,
      async signOut() {
        setState((s) => ({ ...s, loading: true }));
        const { error } = await authApi.signOut();
        if (error) {
          setState((s) => ({ ...s, loading: false }));
          return { error };
        }
        setState({ ...SIGNED_OUT, loading: false });
        announce("signed-out", SIGNED_OUT);
        return { error: null };
      },
      refresh: async () => void (await load()),
    }),
    [state, load, announce, completeSignIn],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Set beside the session cookie by the server (SIGNED_IN_HINT_COOKIE in server/auth/cookies.ts); it holds no secret. */
const SIGNED_IN_HINT = "cat_hotel_signed_in=1";
const hasSignedInHint = () => document.cookie.split("; ").includes(SIGNED_IN_HINT);

/** The one source of auth state in the browser. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth() must be used inside <AuthProvider> (mounted in app/root.tsx)");
  return value;
}
