import crypto from "node:crypto";
import {
  CATALOGO_ESTATUS,
  type CodigoEstatus,
  cedulaValida,
  ESTATUS,
  ESTATUS_FUNCIONARIO,
  estadoFirma,
  PERFILES_POR_DEFECTO,
  type Rol,
  TRANSICIONES,
} from "@registro/contracts";
import { asc, eq, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adjuntos,
  cargos,
  funcionarioFirmas,
  funcionarios,
  historial,
  historialMotivos,
  incumbentes,
  instituciones,
  motivos,
  perfiles,
  personas,
  solicitudes,
  usuarios,
} from "../../src/db/schema.js";
import { type DemoContext, INSTITUCIONES_DEMO, personasDeSolicitudes, USUARIOS_DEMO } from "../../src/seed/demo.js";
import { seedSolicitudesDemo } from "../../src/seed/demo-solicitudes.js";
import { leerPadron, PADRON_DEMO } from "../../src/seed/padron.js";
import { periodosPorFuncionario } from "../../src/verificacion/periodos.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idInstitucionDe } from "../support/factories.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

const TIPOS_DOCUMENTO = ["Cedula", "Designacion", "Oficio", "Tarjeta"];

/** Everything the demo wrote, read back in one go. */
async function leerTodo() {
  // One query after another: a burst of pool connections races the test database's drop at close.
  const sols = await t.db.select().from(solicitudes).orderBy(asc(solicitudes.idSolicitud));
  const hist = await t.db.select().from(historial).orderBy(asc(historial.fecha), asc(historial.idHistorial));
  const hm = await t.db.select().from(historialMotivos);
  const funcs = await t.db.select().from(funcionarios);
  const ff = await t.db.select().from(funcionarioFirmas);
  const adj = await t.db.select().from(adjuntos);
  const mots = await t.db.select().from(motivos);
  const cargosRows = await t.db.select().from(cargos);
  const usuariosRows = await t.db
    .select({ id: usuarios.idUsuario, perfil: perfiles.nombre })
    .from(usuarios)
    .innerJoin(perfiles, eq(perfiles.idPerfil, usuarios.idPerfil));
  const de = <T extends { idSolicitud: number }>(rows: T[], id: number) => rows.filter((x) => x.idSolicitud === id);
  return { sols, hist, hm, funcs, ff, adj, mots, cargosRows, usuariosRows, de };
}

describe("demo requests", () => {
  it("cover every status of the workflow but 109, several times, across institutions", async () => {
    const { sols } = await leerTodo();
    expect(sols.length).toBeGreaterThanOrEqual(35);
    const porEstatus = new Map<number, number>();
    for (const s of sols) porEstatus.set(s.estatus, (porEstatus.get(s.estatus) ?? 0) + 1);
    for (const codigo of Object.keys(CATALOGO_ESTATUS).map(Number)) {
      if (codigo === ESTATUS.ANULADA) expect(porEstatus.get(codigo)).toBeUndefined();
      else expect(porEstatus.get(codigo), `status ${codigo}`).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(sols.map((s) => s.idInstitucion)).size).toBe(INSTITUCIONES_DEMO.length);
  });

  it("give originador's institution one request in each status its screens need", async () => {
    const { sols } = await leerTodo();
    const propia = await idInstitucionDe(t.db, "originador");
    const cuenta = (e: number) => sols.filter((s) => s.idInstitucion === propia && s.estatus === e).length;
    for (const e of [202, 108, 101, 104, 203, 201]) expect(cuenta(e), `status ${e}`).toBeGreaterThanOrEqual(1);
    expect(cuenta(106)).toBeGreaterThanOrEqual(2);
    const segunda = await idInstitucionDe(t.db, "originador2");
    expect(sols.filter((s) => s.idInstitucion === segunda).length).toBeGreaterThanOrEqual(5);
  });

  it("are held by reviewers in some review statuses and free in others", async () => {
    const { sols, usuariosRows } = await leerTodo();
    const perfil = new Map(usuariosRows.map((u) => [u.id, u.perfil]));
    for (const s of sols) {
      if (s.asignadoA === null) continue;
      if (s.estatus === 101 || s.estatus === 204) expect(perfil.get(s.asignadoA)).toBe("Analista RyCC");
      else if (s.estatus === 102 || s.estatus === 103) expect(perfil.get(s.asignadoA)).toBe("Analista Legal");
      else throw new Error(`request ${s.idSolicitud} in ${s.estatus} must not be assigned`);
    }
    for (const grupo of [
      [101, 204],
      [102, 103],
    ]) {
      const enEtapa = sols.filter((s) => grupo.includes(s.estatus));
      expect(enEtapa.some((s) => s.asignadoA !== null)).toBe(true);
      expect(enEtapa.some((s) => s.asignadoA === null)).toBe(true);
    }
  });

  it("have a history that walks the transition table from 202 to the current status, forward in time", async () => {
    const { sols, hist, hm, mots, usuariosRows, de } = await leerTodo();
    const perfil = new Map(usuariosRows.map((u) => [u.id, u.perfil]));
    const perfilDeRol: Record<Rol, string[]> = {
      originador: ["Originador"],
      analista: ["Analista RyCC"],
      juridico: ["Analista Legal"],
      administrador: ["Administrador RyCC"],
    };
    const clase = new Map(mots.map((m) => [m.idMotivo, m.idClaseProceso]));
    const ahora = Date.now();
    for (const s of sols) {
      const h = de(hist, s.idSolicitud);
      expect(h.length).toBeGreaterThan(0);
      expect(h[0].estatus).toBe(202);
      expect(h[h.length - 1].estatus).toBe(s.estatus);
      expect(h[0].fecha.getTime()).toBe(s.fechaSolicitud.getTime());
      let fueActiva = false;
      for (const [i, e] of h.entries()) {
        expect(e.fecha.getTime()).toBeLessThan(ahora);
        if (i > 0) expect(e.fecha.getTime()).toBeGreaterThanOrEqual(h[i - 1].fecha.getTime());
        const razones = hm.filter((m) => m.idHistorial === e.idHistorial).map((m) => m.idMotivo);
        if (i === 0) {
          if (e.idUsuario !== null) expect(perfil.get(e.idUsuario)).toBe("Originador");
          continue;
        }
        const desde = h[i - 1].estatus;
        const rechazoDeActiva = desde === 104 && e.estatus === 106;
        let rol: Rol;
        if (rechazoDeActiva) {
          expect(fueActiva).toBe(true);
          rol = "juridico";
        } else {
          const tr = TRANSICIONES.find((x) => (x.desde as readonly number[]).includes(desde) && x.hacia === e.estatus);
          expect(tr, `request ${s.idSolicitud}: ${desde} → ${e.estatus}`).toBeDefined();
          rol = tr!.rol;
          if (tr!.requiereMotivos) {
            expect(razones.length).toBeGreaterThan(0);
            expect(e.motivoCambioEstatus.length).toBeGreaterThan(10);
            const claseEsperada = e.estatus === 204 || e.estatus === 104 ? 2 : 1;
            for (const m of razones) expect(clase.get(m)).toBe(claseEsperada);
          } else {
            expect(razones).toEqual([]);
          }
        }
        if (e.idUsuario !== null) expect(perfilDeRol[rol]).toContain(perfil.get(e.idUsuario));
        else expect(rol).toBe("originador");
        if (e.estatus === 106) fueActiva = true;
      }
      expect(s.fueActiva).toBe(h.some((e) => e.estatus === 106));
      expect(s.decididoJuridico).toBe(h.some((e) => [105, 204, 104].includes(e.estatus)));
    }
  });

  it("have officials whose statuses follow the request's", async () => {
    const { sols, funcs, hist, de } = await leerTodo();
    const { PENDIENTE, ACTIVO, INACTIVO } = ESTATUS_FUNCIONARIO;
    for (const s of sols) {
      const fs = de(funcs, s.idSolicitud);
      expect(fs.length).toBeGreaterThanOrEqual(1);
      if (!s.fueActiva) {
        for (const f of fs) expect(f.idEstatus).toBe(PENDIENTE);
      }
      if ([106, 203, 201].includes(s.estatus)) {
        for (const f of fs) expect([ACTIVO, INACTIVO]).toContain(f.idEstatus);
        expect(fs.some((f) => f.idEstatus === ACTIVO)).toBe(true);
      }
      if (s.fueActiva && [101, 102, 105].includes(s.estatus)) {
        // Officials added to an active request wait while the originals stay active.
        expect(fs.some((f) => f.idEstatus === ACTIVO)).toBe(true);
        expect(fs.some((f) => f.idEstatus === PENDIENTE)).toBe(true);
      }
      const rechazoDeActiva = de(hist, s.idSolicitud).some(
        (e, i, h) => i > 0 && h[i - 1].estatus === 104 && e.estatus === 106,
      );
      if (rechazoDeActiva) expect(fs.some((f) => f.idEstatus === INACTIVO)).toBe(true);
      for (const f of fs) expect(f.enviado).toBe(s.estatus !== 202);
    }
  });

  it("authorise temporary officials before their validity ends (the expired one too)", async () => {
    // Calendar days in the country's zone (UTC−4), as the registry reads them.
    const r = (await t.db.execute(sql`
      select f.id_funcionario as id,
             to_char(a.desde at time zone 'America/Santo_Domingo', 'YYYY-MM-DD') as desde,
             to_char(f.fecha_hasta, 'YYYY-MM-DD') as hasta
        from autorizaciones a join funcionarios f on f.id_funcionario = a.id_funcionario
       where f.fecha_hasta is not null`)) as unknown as { rows: { id: number; desde: string; hasta: string }[] };
    const filas = r.rows;
    expect(filas.length).toBeGreaterThan(0);
    const hoy = new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10);
    expect(filas.some((f) => f.hasta < hoy)).toBe(true);
    for (const f of filas) expect(f.desde <= f.hasta, `funcionario ${f.id}: ${f.desde} > ${f.hasta}`).toBe(true);
  });

  it("give each demo originator's institution an official 'Por vencer' and one 'Vencida', as read", async () => {
    const { sols, funcs, de } = await leerTodo();
    const hoy = new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10);
    const periodos = await periodosPorFuncionario(
      t.db,
      funcs.map((f) => f.idFuncionario),
    );
    for (const usuario of ["originador", "originador2"]) {
      const propia = await idInstitucionDe(t.db, usuario);
      const estados = sols
        .filter((s) => s.idInstitucion === propia)
        .flatMap((s) =>
          de(funcs, s.idSolicitud).map(
            (f) =>
              estadoFirma({ ...f, estatusSolicitud: s.estatus, periodos: periodos.get(f.idFuncionario) ?? [] }, hoy, 30)
                .estado,
          ),
        );
      expect(estados.includes("porVencer"), `${usuario}: Por vencer`).toBe(true);
      expect(estados.includes("vencida"), `${usuario}: Vencida`).toBe(true);
    }
  });

  it("have incumbents and officials from the padrón with positions of the right type", async () => {
    const { sols, funcs, ff, cargosRows } = await leerTodo();
    const tipo = new Map(cargosRows.map((c) => [c.idCargo, c.tipo]));
    const padron = new Set((await t.db.select({ c: personas.cedula }).from(personas)).map((p) => p.c));
    const incs = await t.db.select().from(incumbentes);
    for (const s of sols) {
      const inc = incs.find((i) => i.idIncumbente === s.idIncumbente)!;
      expect(inc.idInstitucion).toBe(s.idInstitucion);
      expect(tipo.get(inc.codCargo)).toBe(1);
      expect(padron.has(inc.cedula)).toBe(true);
    }
    for (const f of funcs) {
      expect(cedulaValida(f.cedula)).toBe(true);
      expect(padron.has(f.cedula)).toBe(true);
      expect(tipo.get(f.codCargo)).toBe(2);
      expect(f.telefono).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      const n = ff.filter((x) => x.idFuncionario === f.idFuncionario).length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(3);
      if (f.firmaVigencia) {
        expect(f.fechaDesde && f.fechaHasta && f.fechaDesde <= f.fechaHasta).toBe(true);
      } else {
        expect([f.fechaDesde, f.fechaHasta]).toEqual([null, null]);
      }
      if (f.firmaRango) {
        expect(Number(f.montoDesde)).toBeGreaterThanOrEqual(0);
        expect(Number(f.montoDesde)).toBeLessThanOrEqual(Number(f.montoHasta));
      } else {
        expect([f.montoDesde, f.montoHasta]).toEqual([null, null]);
      }
    }
    // A mix of every kind of signature, including one temporary signature already past its end.
    const hoy = new Date().toISOString().slice(0, 10);
    expect(funcs.some((f) => f.firmaVigencia)).toBe(true);
    expect(funcs.some((f) => !f.firmaVigencia)).toBe(true);
    expect(funcs.some((f) => f.firmaRango)).toBe(true);
    expect(funcs.some((f) => !f.firmaRango)).toBe(true);
    expect(funcs.some((f) => f.idEstatus === 2 && f.fechaHasta !== null && f.fechaHasta < hoy)).toBe(true);
  });

  it("carry the four documents for the request and each official, and evidence when deactivated", async () => {
    const { sols, funcs, adj, de } = await leerTodo();
    for (const s of sols) {
      const docs = de(adj, s.idSolicitud);
      const propios = docs.filter((d) => d.idFuncionario === null);
      const tipos = propios.map((d) => d.tipoAdjunto).sort();
      if (s.estatus === 203 || s.estatus === 201) {
        expect(tipos).toEqual([...TIPOS_DOCUMENTO, "Evidencia"].sort());
        expect(s.justificacionInactivacion?.length).toBeGreaterThan(10);
      } else if (!s.fueActiva) {
        expect(tipos).toEqual(TIPOS_DOCUMENTO);
        expect(s.justificacionInactivacion).toBeNull();
      }
      for (const f of de(funcs, s.idSolicitud)) {
        const delFuncionario = docs.filter((d) => d.idFuncionario === f.idFuncionario).map((d) => d.tipoAdjunto);
        expect(delFuncionario.sort()).toEqual(TIPOS_DOCUMENTO);
      }
    }
  });

  it("store real files: the bytes sniff as the stored type, with their size and SHA-256", async () => {
    const { adj } = await leerTodo();
    const tipos = new Set<string>();
    for (const a of adj) {
      const tipo = await fileTypeFromBuffer(a.contenido);
      expect(tipo?.mime, a.nombre).toBe(a.mime);
      expect(a.nombre.endsWith(`.${tipo?.ext}`)).toBe(true);
      expect(a.tamano).toBe(a.contenido.length);
      expect(a.sha256).toBe(crypto.createHash("sha256").update(a.contenido).digest("hex"));
      tipos.add(a.mime);
    }
    expect([...tipos].sort()).toEqual(["application/pdf", "image/png"]);
  });

  it("seed again from scratch quickly and identically in shape", async () => {
    const antes = await t.db
      .select({ estatus: solicitudes.estatus, n: sql<number>`count(*)::int` })
      .from(solicitudes)
      .groupBy(solicitudes.estatus)
      .orderBy(solicitudes.estatus);
    await t.db.delete(solicitudes);
    await t.db.delete(incumbentes);

    const insts = await t.db.select().from(instituciones);
    const us = await t.db.select().from(usuarios);
    const ctx: DemoContext = {
      instituciones: INSTITUCIONES_DEMO.map((i) => insts.find((x) => x.nombre === i.nombre)!.idInstitucion),
      usuarios: Object.fromEntries(
        USUARIOS_DEMO.map((u) => [u.usuario, us.find((x) => x.usuario === u.usuario)!.idUsuario]),
      ) as DemoContext["usuarios"],
    };
    const inicio = performance.now();
    await seedSolicitudesDemo(t.db, ctx, personasDeSolicitudes(leerPadron(PADRON_DEMO)));
    const ms = performance.now() - inicio;
    // About 1.5 s on an idle machine; the bound only catches a pathological slowdown on a busy one.
    expect(ms).toBeLessThan(20_000);
    const despues = await t.db
      .select({ estatus: solicitudes.estatus, n: sql<number>`count(*)::int` })
      .from(solicitudes)
      .groupBy(solicitudes.estatus)
      .orderBy(solicitudes.estatus);
    expect(despues).toEqual(antes);
  });

  it("every default profile has a demo user", () => {
    expect(new Set(USUARIOS_DEMO.map((u) => u.perfil))).toEqual(new Set(PERFILES_POR_DEFECTO.map((p) => p.nombre)));
  });
});

describe("status catalogue used by the demo", () => {
  it("every status the demo writes is a known code", async () => {
    const { sols } = await leerTodo();
    for (const s of sols) expect(CATALOGO_ESTATUS[s.estatus as CodigoEstatus]).toBeDefined();
  });
});
