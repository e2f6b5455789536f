/**
 * Writes a fresh self-signed certificate and key for the e2e webhook
 * receiver (localhost, 127.0.0.1) to .data/e2e-receiver/. Run by
 * playwright.config.ts before the app starts; the app trusts the certificate
 * through WEBHOOK_CA_CERTS and the spec serves HTTPS with it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { selfSignedPems } from "../tests/helpers/https-receiver";
import { RECEIVER_CERT, RECEIVER_KEY, RECEIVER_TLS_DIR } from "./receiver-tls";

const pems = await selfSignedPems();
mkdirSync(RECEIVER_TLS_DIR, { recursive: true });
writeFileSync(RECEIVER_KEY, pems.key, { mode: 0o600 });
writeFileSync(RECEIVER_CERT, pems.cert);
console.log(`e2e webhook receiver certificate: ${RECEIVER_CERT}`);
