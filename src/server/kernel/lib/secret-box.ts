import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { env } from "@/server/kernel/env";

/**
 * Secrets at rest (LLM API keys): AES-256-GCM with ENCRYPTION_KEY (else a key
 * generated once into the data folder). Stored as `v1.<iv>.<tag>.<ciphertext>`,
 * base64url parts.
 */
const key = () => Buffer.from(env().ENCRYPTION_KEY, "base64");

export function sealSecret(plaintext: string, secretKey: Buffer = key()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

export function openSecret(sealed: string, secretKey: Buffer = key()): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || ciphertext === undefined) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", secretKey, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
