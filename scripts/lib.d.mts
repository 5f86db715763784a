// Types of lib.mjs for the TypeScript that imports it (server/test-sistema).
export const root: string;
export const serverEntry: string;
export function ensureServerBuild(force?: boolean): Promise<boolean>;
