/** The access-log capability's public surface: the agency's access to a client workspace, recorded and asked for (record 125). */
export { accessLogRouter } from "./router";
