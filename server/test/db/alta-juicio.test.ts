/**
 * The replica watcher's judgement (db/alta-juicio.ts) over sequences of probe outcomes a failover
 * produces: the sequence a Patroni test run met (a kill -9 of the primary's whole node, whose first
 * probe failed by the client's own connect timeout), and every random sequence against a plain
 * backwards reading of the rules.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type JuicioReplica,
  juzgarReplica,
  type PosicionPrimaria,
  type SondeoPrimaria,
  type SondeoReplica,
} from "../../src/db/alta-juicio.js";
import { esFallaDeConexion } from "../../src/db/fallas.js";

const historial: PosicionPrimaria[] = [
  { t: 100, lsn: 1_000n },
  { t: 200, lsn: 2_000n },
];
const sincronaEn = (...ranuras: string[]): SondeoPrimaria => ({ tipo: "alcanzada", remoteApply: true, ranuras });
const desde = (nodo: string, ranura = "pg1"): SondeoReplica => ({
  tipo: "respuesta",
  nodo,
  recuperacion: true,
  replay: 2_000n,
  ranura,
});

/** Runs rounds from an unknown replica; answers the judgement after each. */
function rondas(pasos: [SondeoPrimaria, SondeoReplica][]): JuicioReplica[] {
  let j: JuicioReplica = { sincrona: false };
  return pasos.map(([p, r], i) => {
    j = juzgarReplica(j, p, r, historial, 1_000 + i);
    return j;
  });
}

describe("the replica watcher's judgement", () => {
  it("a synchronous standby stays readable through the primary's loss, even after a probe that failed otherwise", () => {
    const r = desde("a:5432");
    const j = rondas([
      [sincronaEn("pg1"), r], // first answer from this node: judged next round
      [sincronaEn("pg1"), r], // the synchronous standby, fresh as of the primary's last position
      [{ tipo: "falla" }, r], // the primary's probe failed, not by a lost connection
      [{ tipo: "perdida" }, r],
      [{ tipo: "perdida" }, { tipo: "falla" }], // one replica probe lost too
      [{ tipo: "perdida" }, r],
    ]);
    expect(j.map((x) => x.sincrona)).toEqual([false, true, true, true, true, true]);
    expect(j.map((x) => x.frescaDesde)).toEqual([undefined, 200, 200, 1_003, undefined, 1_005]);
  });

  it("an asynchronous replica, another node, or a promoted one is never read while the primary is lost", () => {
    const j = rondas([
      [sincronaEn("pg1"), desde("a:5432", "pg2")],
      [sincronaEn("pg1"), desde("a:5432", "pg2")],
      [{ tipo: "perdida" }, desde("a:5432", "pg2")],
      [{ tipo: "perdida" }, desde("b:5432")],
      [{ tipo: "perdida" }, desde("b:5432")],
    ]);
    expect(j.map((x) => x.frescaDesde)).toEqual([undefined, 200, undefined, undefined, undefined]);
    const k = rondas([
      [{ tipo: "alcanzada", remoteApply: false, ranuras: ["pg1"] }, desde("a:5432")],
      [{ tipo: "alcanzada", remoteApply: false, ranuras: ["pg1"] }, desde("a:5432")],
      [{ tipo: "perdida" }, desde("a:5432")],
    ]);
    expect(k.map((x) => x.sincrona)).toEqual([false, false, false]);
    expect(k[2]?.frescaDesde).toBeUndefined();
  });

  it("a pg client's own connect timeout (what the probe met while HAProxy queued it) is a lost connection", () => {
    expect(esFallaDeConexion(new Error("timeout expired"))).toBe(true);
  });

  it("every sequence of outcomes: read while the primary is lost only if this node was last seen as its synchronous standby", () => {
    const nodos = ["a:1", "b:1"];
    // Weighted toward the synchronous case, so that sequences reaching a loss after it are common.
    const primaria = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          tipo: fc.constant("alcanzada" as const),
          remoteApply: fc.constantFrom(true, true, true, false),
          ranuras: fc.constantFrom<string[]>(["pg1"], ["pg1"], ["pg2"], []),
        }),
      },
      {
        weight: 4,
        arbitrary: fc.constantFrom<SondeoPrimaria>({ tipo: "perdida" }, { tipo: "falla" }, { tipo: "en-recuperacion" }),
      },
    );
    const replica = fc.oneof(
      { weight: 1, arbitrary: fc.constant<SondeoReplica>({ tipo: "falla" }) },
      {
        weight: 5,
        arbitrary: fc.record({
          tipo: fc.constant("respuesta" as const),
          nodo: fc.constantFrom(nodos[0] as string, nodos[0] as string, nodos[0] as string, nodos[1] as string),
          recuperacion: fc.constantFrom(true, true, true, false),
          replay: fc.constantFrom<bigint | undefined>(500n, 1_500n, 2_500n, 2_500n, undefined),
          ranura: fc.constantFrom<string | undefined>("pg1", "pg1", "pg2", undefined),
        }),
      },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(primaria, replica), { maxLength: 12 }), (pasos) => {
        const j = rondas(pasos);
        pasos.forEach(([p, r], i) => {
          const esperado =
            r.tipo === "falla" || nodoAnterior(pasos, i) !== r.nodo
              ? undefined
              : p.tipo === "perdida"
                ? sincronaSegunHistoria(pasos, i)
                  ? 1_000 + i
                  : undefined
                : r.recuperacion && r.replay !== undefined
                  ? [...historial].reverse().find((h) => h.lsn <= (r.replay as bigint))?.t
                  : undefined;
          expect(
            j[i]?.frescaDesde,
            JSON.stringify(pasos.slice(0, i + 1), (_, v) => (typeof v === "bigint" ? Number(v) : v)),
          ).toBe(esperado);
        });
      }),
      { numRuns: 2_000 },
    );
  });
});

/** The node of the latest answer before round i (undefined: none). */
function nodoAnterior(pasos: [SondeoPrimaria, SondeoReplica][], i: number): string | undefined {
  for (let m = i - 1; m >= 0; m--) {
    const r = pasos[m]?.[1];
    if (r?.tipo === "respuesta") return r.nodo;
  }
  return undefined;
}

/**
 * Read backwards from round i: the latest round that decided, for the node answering at i, whether it
 * is the synchronous standby — a probe that reached the primary while that node answered in
 * recovery — with no answer from another node in between, and not its first answer.
 */
function sincronaSegunHistoria(pasos: [SondeoPrimaria, SondeoReplica][], i: number): boolean {
  const r = pasos[i]?.[1];
  if (r?.tipo !== "respuesta") return false;
  for (let m = i - 1; m >= 0; m--) {
    const [pm, rm] = pasos[m] as [SondeoPrimaria, SondeoReplica];
    if (rm.tipo === "falla") continue;
    if (rm.nodo !== r.nodo || nodoAnterior(pasos, m) !== r.nodo) return false;
    if (pm.tipo === "perdida") continue;
    if (!rm.recuperacion || rm.replay === undefined) return false;
    if (pm.tipo === "alcanzada") return pm.remoteApply && rm.ranura !== undefined && pm.ranuras.includes(rm.ranura);
  }
  return false;
}
