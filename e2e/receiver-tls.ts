/**
 * Where the e2e webhook receiver's certificate lives. It is made by
 * `e2e/make-receiver-cert.ts`, which playwright.config.ts runs as the first
 * step of the webServer command: the app validates WEBHOOK_CA_CERTS (the file
 * must exist) when it starts, and Playwright starts the webServer before any
 * globalSetup, so a globalSetup would be too late.
 */
export const RECEIVER_TLS_DIR = ".data/e2e-receiver";
export const RECEIVER_CERT = `${RECEIVER_TLS_DIR}/cert.pem`;
export const RECEIVER_KEY = `${RECEIVER_TLS_DIR}/key.pem`;

/** The receiver listens on a fixed port (the app only needs the URL, which the spec types into the form). */
export const receiverPort = () => Number(process.env.E2E_RECEIVER_PORT ?? 3299);
