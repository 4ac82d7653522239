// PBKDF2-SHA-256 via WebCrypto: runs in workerd and in Node (the seed script imports this file).
// workerd caps PBKDF2 at 100,000 iterations. A hash names its own rounds, so any hash verifies at the rounds it was
// made with; new hashes take PASSWORD_ROUNDS (100,000) unless the caller passes the test suite's fewer
// (passwordRounds in environment.server.ts, decision 114).
export const PASSWORD_ROUNDS = 100_000;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, rounds = PASSWORD_ROUNDS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, rounds);
  return `pbkdf2$${rounds}$${b64(salt)}$${b64(hash)}`;
}

/** `rounds`: what a new hash would take here, spent on an unknown account alike. */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  rounds = PASSWORD_ROUNDS,
): Promise<boolean> {
  const parts = (stored ?? "").split("$");
  if (parts.length !== 4 || parts[0] !== "pbkdf2") {
    // Spend the same time on unknown accounts so timing does not reveal which e-mails exist.
    await derive(password, new Uint8Array(16), rounds);
    return false;
  }
  const expected = unb64(parts[3]);
  const actual = await derive(password, unb64(parts[2]), Number(parts[1]));
  let diff = expected.length ^ actual.length;
  for (let i = 0; i < expected.length; i++) diff |= expected[i] ^ (actual[i] ?? 0);
  return diff === 0;
}
