// Where the Worker runs, read from APP_ENV. Only an explicit "development" or "test" counts as not production, so a
// deployment that forgets the variable gets production's fail-closed behaviour rather than a development shortcut.
export type AppEnvironment = "development" | "test" | "production";

export function appEnvironment(env: Pick<Env, "APP_ENV">): AppEnvironment {
  return env.APP_ENV === "development" || env.APP_ENV === "test" ? env.APP_ENV : "production";
}

export function isProduction(env: Pick<Env, "APP_ENV">): boolean {
  return appEnvironment(env) === "production";
}
