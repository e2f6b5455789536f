/** The id check lives with the isomorphic rules (the widget's wire shapes use it too); the server imports it from here. */
export { isUuid } from "@/shared/ids";
