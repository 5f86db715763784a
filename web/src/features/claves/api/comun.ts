/** What the system keys' API hooks share: the cache key of the keys issued. */
export const CLAVE_CLAVES = ["claves", "sistema"] as const;
