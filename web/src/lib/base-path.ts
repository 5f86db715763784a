/** The app's base path, injected by the server as <meta name="base-path"> (empty at the root). */
export const BASE_PATH: string =
  (typeof document !== "undefined" && document.querySelector('meta[name="base-path"]')?.getAttribute("content")) || "";
