/**
 * Walks the whole workflow of DESIGN.md §4: every status × every action × every role, with the
 * request unassigned, held by the actor and held by someone else, before and after it was once
 * active. The expected table below is written out from DESIGN.md by hand, not derived from
 * TRANSICIONES, so a wrong row in the module fails here.
 */
import { describe, expect, it } from "vitest";
import { CODIGOS_ESTATUS, type CodigoEstatus } from "./estatus.js";
import {
  ACCIONES,
  type Accion,
  type Actor,
  decidir,
  type EstadoSolicitud,
  limpiaAsignacion,
  ROLES,
  type Rol,
  rolQueAsigna,
  TRANSICIONES,
} from "./workflow.js";

interface Esperada {
  rol: Rol;
  desde: readonly number[];
  /** null keeps the status. */
  hacia: number | null;
  asignacion: boolean;
  motivos: boolean;
}

/** DESIGN.md §4 "Transitions", plus self-assignment and the administrator's removal of an official. */
const ESPERADO: Record<Accion, Esperada[]> = {
  guardar: [{ rol: "originador", desde: [202, 108], hacia: null, asignacion: false, motivos: false }],
  enviar: [{ rol: "originador", desde: [202, 108], hacia: 101, asignacion: false, motivos: false }],
  agregarFuncionarios: [{ rol: "originador", desde: [106], hacia: null, asignacion: false, motivos: false }],
  enviarFuncionarios: [{ rol: "originador", desde: [106], hacia: 101, asignacion: false, motivos: false }],
  solicitarInactivacion: [{ rol: "originador", desde: [106], hacia: 203, asignacion: false, motivos: false }],
  asignar: [
    { rol: "analista", desde: [101, 204], hacia: null, asignacion: false, motivos: false },
    { rol: "juridico", desde: [102, 103], hacia: null, asignacion: false, motivos: false },
  ],
  aprobarRcc: [{ rol: "analista", desde: [101, 204], hacia: 102, asignacion: true, motivos: false }],
  retornarRcc: [{ rol: "analista", desde: [101, 204], hacia: 108, asignacion: true, motivos: true }],
  aprobarJuridico: [{ rol: "juridico", desde: [102, 103], hacia: 105, asignacion: true, motivos: false }],
  retornarJuridico: [{ rol: "juridico", desde: [102, 103], hacia: 204, asignacion: true, motivos: true }],
  rechazarJuridico: [{ rol: "juridico", desde: [102, 103], hacia: 104, asignacion: true, motivos: true }],
  aprobarAdmin: [{ rol: "administrador", desde: [105], hacia: 106, asignacion: false, motivos: false }],
  retornarAdmin: [{ rol: "administrador", desde: [105], hacia: 103, asignacion: false, motivos: true }],
  inactivar: [{ rol: "administrador", desde: [106, 203], hacia: 201, asignacion: false, motivos: false }],
  activar: [{ rol: "administrador", desde: [203, 201], hacia: 106, asignacion: false, motivos: false }],
  // Not in DESIGN.md's table: the administrator removes an official from a request it is
  // reviewing (105) or from an active or deactivation-requested one (106, 203).
  inactivarFuncionario: [
    { rol: "administrador", desde: [105, 106, 203], hacia: null, asignacion: false, motivos: false },
  ],
  // Reassignment: the holder releases; the administrator moves a held request.
  liberar: [
    { rol: "analista", desde: [101, 204], hacia: null, asignacion: true, motivos: false },
    { rol: "juridico", desde: [102, 103], hacia: null, asignacion: true, motivos: false },
  ],
  reasignar: [{ rol: "administrador", desde: [101, 204, 102, 103], hacia: null, asignacion: false, motivos: false }],
};

const YO = 7;
const OTRO = 8;
const actor = (...roles: Rol[]): Actor => ({ idUsuario: YO, roles: new Set(roles) });
const estado = (estatus: number, asignadoA: number | null = null, fueActiva = false): EstadoSolicitud => ({
  estatus,
  asignadoA,
  fueActiva,
});
const TODOS_LOS_ESTATUS: readonly number[] = [...CODIGOS_ESTATUS, 999];

describe("the transition table", () => {
  it("has exactly the actions of DESIGN.md §4", () => {
    expect([...ACCIONES].sort()).toEqual(Object.keys(ESPERADO).sort());
  });

  it("has one row per expected (action, role) and nothing more", () => {
    const filas = TRANSICIONES.map((t) => ({
      accion: t.accion,
      rol: t.rol,
      desde: [...t.desde].sort(),
      hacia: t.hacia,
      asignacion: t.requiereAsignacion,
      motivos: t.requiereMotivos,
    }));
    const esperadas = Object.entries(ESPERADO).flatMap(([accion, lista]) =>
      lista.map((e) => ({ accion, ...e, desde: [...e.desde].sort() })),
    );
    const orden = (a: { accion: string; rol: string }, b: { accion: string; rol: string }) =>
      `${a.accion}/${a.rol}`.localeCompare(`${b.accion}/${b.rol}`);
    expect(filas.sort(orden)).toEqual(esperadas.sort(orden));
  });

  it("never moves a request out of 104 (final) or 109 (reserved)", () => {
    for (const accion of ACCIONES) {
      for (const codigo of [104, 109]) {
        for (const asignadoA of [null, YO]) {
          const d = decidir(accion, estado(codigo, asignadoA, true), actor(...ROLES));
          expect(d.permitido, `${accion} on ${codigo}`).toBe(false);
        }
      }
    }
  });
});

describe("decidir: every status × every action × every role", () => {
  for (const accion of ACCIONES) {
    for (const rol of ROLES) {
      it(`${accion} by ${rol}`, () => {
        const fila = ESPERADO[accion].find((e) => e.rol === rol);
        for (const codigo of TODOS_LOS_ESTATUS) {
          for (const asignadoA of [null, YO, OTRO]) {
            const d = decidir(accion, estado(codigo, asignadoA), actor(rol));
            const donde = `${accion} by ${rol} on ${codigo} held by ${asignadoA}`;
            if (!fila) {
              expect(d, donde).toEqual({ permitido: false, motivo: "rol" });
              continue;
            }
            if (!fila.desde.includes(codigo)) {
              expect(d, donde).toEqual({ permitido: false, motivo: "estatus" });
              continue;
            }
            const otroLaTiene = asignadoA === OTRO;
            if (accion === "asignar" && otroLaTiene) {
              expect(d, donde).toEqual({ permitido: false, motivo: "asignadoOtro" });
              continue;
            }
            if (fila.asignacion && asignadoA !== YO) {
              expect(d, donde).toEqual({ permitido: false, motivo: otroLaTiene ? "asignadoOtro" : "asignacion" });
              continue;
            }
            if (accion === "reasignar") {
              // Without a target user a held request cannot move; a free one has nothing to move.
              expect(d, donde).toEqual({ permitido: false, motivo: asignadoA === null ? "asignacion" : "destino" });
              continue;
            }
            expect(d.permitido, donde).toBe(true);
            if (!d.permitido) continue;
            expect(d.hacia, donde).toBe(fila.hacia);
            expect(d.transicion.accion).toBe(accion);
            expect(d.transicion.rol).toBe(rol);
            expect(d.transicion.requiereMotivos, donde).toBe(fila.motivos);
            expect(d.transicion.requiereAsignacion, donde).toBe(fila.asignacion);
          }
        }
      });
    }
  }
});

describe("a user with no role", () => {
  it("is refused every action for its role", () => {
    for (const accion of ACCIONES) {
      for (const codigo of TODOS_LOS_ESTATUS) {
        expect(decidir(accion, estado(codigo), actor())).toEqual({ permitido: false, motivo: "rol" });
      }
    }
  });
});

describe("a user holding several roles", () => {
  it("may take a request in either reviewer stage", () => {
    const ambos = actor("analista", "juridico");
    for (const codigo of [101, 204, 102, 103]) {
      expect(decidir("asignar", estado(codigo), ambos).permitido, `asignar on ${codigo}`).toBe(true);
    }
    for (const codigo of [202, 108, 104, 105, 106, 203, 201, 109]) {
      expect(decidir("asignar", estado(codigo), ambos)).toEqual({ permitido: false, motivo: "estatus" });
    }
  });

  it("acts with the role whose stage the request is in", () => {
    const todos = actor(...ROLES);
    const d = decidir("aprobarJuridico", estado(103, YO), todos);
    expect(d).toMatchObject({ permitido: true, hacia: 105, transicion: { rol: "juridico" } });
    const admin = decidir("inactivar", estado(203), todos);
    expect(admin).toMatchObject({ permitido: true, hacia: 201, transicion: { rol: "administrador" } });
  });
});

describe("legal rejection", () => {
  it("ends in 104 for a request that was never active", () => {
    for (const codigo of [102, 103] as CodigoEstatus[]) {
      expect(decidir("rechazarJuridico", estado(codigo, YO, false), actor("juridico"))).toMatchObject({
        permitido: true,
        hacia: 104,
      });
    }
  });

  it("returns a once-active request to 106", () => {
    for (const codigo of [102, 103] as CodigoEstatus[]) {
      expect(decidir("rechazarJuridico", estado(codigo, YO, true), actor("juridico"))).toMatchObject({
        permitido: true,
        hacia: 106,
      });
    }
  });

  it("does not let having been active change any other outcome", () => {
    for (const accion of ACCIONES.filter((a) => a !== "rechazarJuridico")) {
      for (const rol of ROLES) {
        for (const codigo of TODOS_LOS_ESTATUS) {
          for (const asignadoA of [null, YO, OTRO]) {
            const antes = decidir(accion, estado(codigo, asignadoA, false), actor(rol));
            const despues = decidir(accion, estado(codigo, asignadoA, true), actor(rol));
            expect(despues, `${accion} by ${rol} on ${codigo}`).toEqual(antes);
          }
        }
      }
    }
  });
});

describe("assignment", () => {
  it("is taken only in the reviewer stages, by that stage's role", () => {
    expect(rolQueAsigna(101)).toBe("analista");
    expect(rolQueAsigna(204)).toBe("analista");
    expect(rolQueAsigna(102)).toBe("juridico");
    expect(rolQueAsigna(103)).toBe("juridico");
    for (const codigo of [202, 108, 104, 105, 106, 203, 201, 109, 999]) expect(rolQueAsigna(codigo)).toBeNull();
  });

  it("taking one you already hold is allowed; one someone else holds is refused", () => {
    expect(decidir("asignar", estado(101, YO), actor("analista")).permitido).toBe(true);
    expect(decidir("asignar", estado(101, OTRO), actor("analista"))).toEqual({
      permitido: false,
      motivo: "asignadoOtro",
    });
  });

  it("the administrator's decisions need no assignment", () => {
    for (const accion of ["aprobarAdmin", "retornarAdmin", "inactivar", "activar", "inactivarFuncionario"] as const) {
      const fila = ESPERADO[accion][0];
      for (const codigo of fila.desde) {
        for (const asignadoA of [null, OTRO]) {
          expect(decidir(accion, estado(codigo, asignadoA), actor("administrador")).permitido).toBe(true);
        }
      }
    }
  });

  it("is cleared whenever the status changes, and kept otherwise", () => {
    expect(limpiaAsignacion(101, 102)).toBe(true);
    expect(limpiaAsignacion(102, 104)).toBe(true);
    expect(limpiaAsignacion(103, 106)).toBe(true);
    expect(limpiaAsignacion(101, 101)).toBe(false);
    expect(limpiaAsignacion(101, null)).toBe(false);
  });
});

describe("refusal order", () => {
  it("reports the role before the status, and the status before the assignment", () => {
    expect(decidir("aprobarRcc", estado(105, OTRO), actor("juridico"))).toEqual({ permitido: false, motivo: "rol" });
    expect(decidir("aprobarRcc", estado(105, OTRO), actor("analista"))).toEqual({
      permitido: false,
      motivo: "estatus",
    });
    expect(decidir("aprobarRcc", estado(101, OTRO), actor("analista"))).toEqual({
      permitido: false,
      motivo: "asignadoOtro",
    });
  });
});

describe("reasignar", () => {
  const admin = actor("administrador");
  const destino = (id: number, ...roles: Rol[]): Actor => ({ idUsuario: id, roles: new Set(roles) });

  it("moves a held request only to another user of the request's stage", () => {
    for (const [codigo, etapa, otra] of [
      [101, "analista", "juridico"],
      [204, "analista", "juridico"],
      [102, "juridico", "analista"],
      [103, "juridico", "analista"],
    ] as const) {
      expect(decidir("reasignar", estado(codigo, OTRO), admin, destino(9, etapa))).toMatchObject({
        permitido: true,
        hacia: null,
      });
      expect(decidir("reasignar", estado(codigo, OTRO), admin, destino(9, otra))).toEqual({
        permitido: false,
        motivo: "destino",
      });
      // To the user who already holds it: nothing to move.
      expect(decidir("reasignar", estado(codigo, OTRO), admin, destino(OTRO, etapa))).toEqual({
        permitido: false,
        motivo: "destino",
      });
      expect(decidir("reasignar", estado(codigo, null), admin, destino(9, etapa))).toEqual({
        permitido: false,
        motivo: "asignacion",
      });
    }
  });

  it("is refused outside the reviewer stages and to every other role", () => {
    for (const codigo of [202, 108, 104, 105, 106, 203, 201, 109]) {
      expect(decidir("reasignar", estado(codigo, OTRO), admin, destino(9, ...ROLES))).toEqual({
        permitido: false,
        motivo: "estatus",
      });
    }
    for (const rol of ["originador", "analista", "juridico"] as const) {
      expect(decidir("reasignar", estado(101, OTRO), actor(rol), destino(9, ...ROLES))).toEqual({
        permitido: false,
        motivo: "rol",
      });
    }
  });
});

describe("deactivation of chosen officials", () => {
  const administrador = { idUsuario: 5, roles: new Set(["administrador"] as const) };
  const en = (estatus: number, inactivacionParcial: boolean) => ({
    estatus,
    asignadoA: null,
    fueActiva: true,
    inactivacionParcial,
  });

  it("approving a request for chosen officials keeps the request active (106); the whole request ends in 201", () => {
    expect(decidir("inactivar", en(203, true), administrador)).toMatchObject({ permitido: true, hacia: 106 });
    expect(decidir("inactivar", en(203, false), administrador)).toMatchObject({ permitido: true, hacia: 201 });
    expect(decidir("inactivar", en(106, false), administrador)).toMatchObject({ permitido: true, hacia: 201 });
    expect(decidir("activar", en(203, true), administrador)).toMatchObject({ permitido: true, hacia: 106 });
  });
});
