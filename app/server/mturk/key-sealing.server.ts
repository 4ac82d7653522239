// Requester secrets sealed at rest: AES-GCM under a key derived from the Worker secret MTURK_KEY_SECRET, the access
// key id as associated data (a sealed secret copied to another key's row does not open). Web Crypto only, no imports:
// `npm run requester-key` (a Node script) seals with this same module.

const IV_BYTES = 12;

async function sealingKey(secret: string): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`coinwork-requester-keys:${secret}`));
  return crypto.subtle.importKey("raw", digest, "AES-GCM", false, ["encrypt", "decrypt"]);
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** base64(iv || ciphertext) of the requester secret. */
export async function sealSecret(masterSecret: string, accessKeyId: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(accessKeyId) },
    await sealingKey(masterSecret),
    new TextEncoder().encode(secret),
  );
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), IV_BYTES);
  return toBase64(out);
}

/** The requester secret, or null when the sealed text does not open under this master secret and key id. */
export async function openSecret(masterSecret: string, accessKeyId: string, sealed: string): Promise<string | null> {
  try {
    const bytes = fromBase64(sealed);
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, IV_BYTES), additionalData: new TextEncoder().encode(accessKeyId) },
      await sealingKey(masterSecret),
      bytes.slice(IV_BYTES),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

const KEY_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** A new key pair: an AWS-looking access key id (AKCW + 16 characters) and a 40-character secret. */
export function newKeyPair(): { accessKeyId: string; secretAccessKey: string } {
  const idBytes = crypto.getRandomValues(new Uint8Array(16));
  const accessKeyId = "AKCW" + Array.from(idBytes, (b) => KEY_ID_ALPHABET[b % 32]).join("");
  const secretAccessKey = toBase64(crypto.getRandomValues(new Uint8Array(30)))
    .replace(/\+/g, "A")
    .replace(/\//g, "B");
  return { accessKeyId, secretAccessKey };
}
