/**
 * The pure parts of db/alta.ts: WAL positions compare as numbers, and the replica's proven
 * freshness is the latest probe time whose primary position it has replayed. A write reaching a
 * node that has just become a replica (25006) is a connection-kind failure (→ 503).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lsn, vigilarAlta } from "../../src/db/alta.js";
import { frescaDesde } from "../../src/db/alta-juicio.js";
import type { Db } from "../../src/db/client.js";
import { esFallaDeConexion } from "../../src/db/fallas.js";

const texto = (n: bigint) => `${(n >> 32n).toString(16).toUpperCase()}/${(n & 0xffffffffn).toString(16).toUpperCase()}`;

describe("replica freshness", () => {
  it("a WAL position's text reads back as its number, so positions compare in order", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        (a, b) => {
          expect(lsn(texto(a))).toBe(a);
          expect(lsn(texto(a)) < lsn(texto(b))).toBe(a < b);
        },
      ),
    );
  });

  it("fresh as of the latest probe whose position is replayed; unknown when none is", () => {
    const h = [
      { t: 1000, lsn: lsn("0/100") },
      { t: 2000, lsn: lsn("0/200") },
      { t: 3000, lsn: lsn("0/300") },
    ];
    expect(frescaDesde(h, lsn("0/250"))).toBe(2000);
    expect(frescaDesde(h, lsn("0/300"))).toBe(3000);
    expect(frescaDesde(h, lsn("1/0"))).toBe(3000);
    expect(frescaDesde(h, lsn("0/FF"))).toBeUndefined();
    expect(frescaDesde([], lsn("0/FF"))).toBeUndefined();
  });

  it("a write refused by a node that just became a replica answers 503", () => {
    const e = Object.assign(new Error("cannot execute INSERT in a read-only transaction"), { code: "25006" });
    expect(esFallaDeConexion(Object.assign(new Error("Failed query: insert …"), { cause: e }))).toBe(true);
  });

  it("the watcher's functions work handed around on their own, as /metrics and the routes take them", async () => {
    // Nothing listens on port 9: every probe fails, the state says so, nothing throws.
    const alta = vigilarAlta({
      db: {} as Db,
      url: "postgres://nadie@127.0.0.1:9/x",
      maxLagMs: 5_000,
      intervaloMs: 60_000,
      connectTimeoutMs: 500,
      poolSize: 1,
      log: () => {},
    });
    const { estado, close } = alta;
    try {
      expect(estado()).toMatchObject({ replicaConfigurada: false, replicaUtilizable: false, cambiosPrimario: 0 });
    } finally {
      await close();
    }
  });
});
