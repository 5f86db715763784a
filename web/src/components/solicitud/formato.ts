/** The display formats live in lib/formato.ts (one module for the whole app); kept here for older imports. */
export * from "../../lib/formato";
