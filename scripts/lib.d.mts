// Types of lib.mjs for the TypeScript that imports it (server/test-sistema, server/bench).
export const root: string;
export const serverEntry: string;
export function ensureServerBuild(force?: boolean): Promise<boolean>;
export function ensureWebBuild(force?: boolean): Promise<void>;
export function ensureDeps(): Promise<void>;
