/**
 * Recognises a failure of the database connection itself (as opposed to a failed statement): the
 * server restarting or gone, a connection dropped, a timeout. The error handler answers these with
 * 503 and the Spanish "try again" message; the pool replaces the broken connection by itself.
 */

/** SQLSTATE codes that mean "the database is not available right now". */
const CODIGOS_SQL = new Set([
  "57P01", // admin_shutdown: terminating connection due to administrator command
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the database system is starting up / shutting down
  "57014", // query_canceled: statement_timeout
  "53300", // too_many_connections
  "25P03", // idle_in_transaction_session_timeout
  "25006", // read_only_sql_transaction: a write reached a node that has just become a replica (switchover)
]);

/** Node socket errors while reaching the server. */
const CODIGOS_RED = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** node-postgres' own messages for a lost or unobtainable connection. */
const MENSAJES = [
  "Connection terminated",
  // A pg.Client's own connect timeout (the watcher's probes; the pool says "connection timeout").
  "timeout expired",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
];

export function esFallaDeConexion(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 6 && e && typeof e === "object"; i++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (CODIGOS_SQL.has(code) || code.startsWith("08") || CODIGOS_RED.has(code)))
      return true;
    if (typeof message === "string" && MENSAJES.some((m) => message.includes(m))) return true;
    e = cause;
  }
  return false;
}
