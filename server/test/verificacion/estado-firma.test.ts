/**
 * Issue 35: every place that states an official's standing states the same one, the one contracts'
 * estadoFirma computes from the registry and the date — the public constancia page, the officials'
 * table of the detail screens, the registry export ("Estado de la firma"), the verification API
 * (its entries' estadoTexto) and Verificar firma's verdict for today (authorised ⇔ "Vigente" or
 * "Por vencer"). Generated registries: officials of every status in requests of every status,
 * permanent and temporary validity before, around and after today, authorisation periods ended in
 * the past, open, or beginning later. And the case of the issue, through the app's own approval.
 */
import { autorizadaSegunEstado, ESTATUS, estadoFirma, type PeriodoFirma } from "@registro/contracts";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autorizaciones, funcionarios, usuarios } from "../../src/db/schema.js";
import { fechaLocal, fechaTexto, inicioDiaLocal, relojDelSistema, sumarDias } from "../../src/shared/tiempo.js";
import { insertarConstancia } from "../../src/verificacion/verificacion.repository.js";
import { hashCodigo, nuevoCodigo } from "../../src/verificacion/verificacion.service.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { crearSolicitud } from "../support/factories.js";
import { cedula } from "../support/importacion.js";
import { textoPdf } from "../support/lectores.js";
import { accion } from "../support/revision.js";

const DIAS_AVISO = 30;
let t: TestApp;
beforeAll(async () => {
  // The property test reads the public look-up many times from one address: keep its per-minute limit
  // out of the way of the test after it.
  t = await crearTestApp({
    PUBLIC_URL: "https://firmas.example.gob.do",
    EXPIRY_NOTICE_DAYS: String(DIAS_AVISO),
    VERIFICACION_RATE_LIMIT: "100000",
  });
});
afterAll(() => t?.close());

let n = 0;
const hoy = () => fechaLocal(relojDelSistema());

/** The public page of a new constancia of these officials of the request. */
async function constanciaDe(idSolicitud: number, ids: number[]) {
  const codigo = nuevoCodigo();
  const [u] = await t.db.select({ id: usuarios.idUsuario }).from(usuarios).limit(1);
  await insertarConstancia(t.db, {
    codigoHash: hashCodigo(codigo),
    idSolicitud,
    funcionarios: ids,
    idUsuario: u.id,
    emitida: new Date(),
    pdfSha256: "0".repeat(64),
    selloHuella: "0".repeat(64),
  });
  const res = await t.as(null, { method: "GET", url: `/api/Verificacion/Constancia/${codigo}` });
  expect(res.statusCode).toBe(200);
  return res.json().funcionarios as { estado: string; estadoTexto: string }[];
}

async function verificar(ced: string) {
  const res = await t.as("consultor", { method: "GET", url: "/api/Verificacion/Firma", query: { cedula: ced } });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    autorizado: boolean;
    registros: { idFuncionario: number; autorizado: boolean; estadoFirma: string; estadoTexto: string }[];
  };
}

async function detalle(idSolicitud: number) {
  const res = await t.as("consultor", {
    method: "GET",
    url: `/api/Funcionarios/GetFuncionarioSolicitud/${idSolicitud}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { idFuncionario: number; enVigor: boolean; estadoFirma: string; estadoTexto: string }[];
}

async function exportacion(): Promise<Map<string, string>> {
  const res = await t.as("consultor", { method: "GET", url: "/api/Exportar/Registro?formato=csv" });
  expect(res.statusCode).toBe(200);
  const filas = parse(res.rawPayload, { bom: true, columns: true }) as Record<string, string>[];
  return new Map(filas.filter((f) => f.Tipo === "Funcionario").map((f) => [f.Cédula, f["Estado de la firma"]]));
}

const dia = fc.integer({ min: -400, max: 120 });
const arbFuncionario = fc.record({
  idEstatus: fc.constantFrom(1, 2, 2, 3),
  vigencia: fc.option(fc.tuple(fc.integer({ min: -120, max: 90 }), fc.integer({ min: 0, max: 150 }))),
  /** Ended periods (start, length), and whether an open one follows (when the statuses allow it). */
  cerrados: fc.array(fc.tuple(dia, fc.integer({ min: 0, max: 200 })), { maxLength: 2 }),
  abiertoDesde: fc.integer({ min: -300, max: 20 }),
});
const arbSolicitud = fc.record({
  estatus: fc.constantFrom(ESTATUS.ACTIVA, ESTATUS.ACTIVA, ESTATUS.INACTIVADO, ESTATUS.ANULADA, 203, 105),
  funcionarios: fc.array(arbFuncionario, { minLength: 1, maxLength: 3 }),
});

describe("an official's standing, wherever it is stated", () => {
  it("is the same on the public page, the detail, the export, the verification API and its verdict", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbSolicitud, { minLength: 1, maxLength: 3 }), async (registro) => {
        const d = hoy();
        const casos: {
          idSolicitud: number;
          ids: number[];
          esperado: Map<number, { estado: string; texto: string; cedula: string; periodos: PeriodoFirma[] }>;
        }[] = [];
        for (const s of registro) {
          const c = await crearSolicitud(t.db, {
            estatus: s.estatus,
            funcionarios: s.funcionarios.length,
            conDocumentos: false,
          });
          const esperado = new Map<
            number,
            { estado: string; texto: string; cedula: string; periodos: PeriodoFirma[] }
          >();
          for (const [i, f] of s.funcionarios.entries()) {
            const id = c.funcionarios[i];
            const ced = cedula(String(7_100_000_000 + ++n));
            const fechaDesde = f.vigencia ? sumarDias(d, f.vigencia[0]) : null;
            const fechaHasta = f.vigencia && fechaDesde ? sumarDias(fechaDesde, f.vigencia[1]) : null;
            await t.db
              .update(funcionarios)
              .set({ cedula: ced, idEstatus: f.idEstatus, firmaVigencia: f.vigencia !== null, fechaDesde, fechaHasta })
              .where(eq(funcionarios.idFuncionario, id));
            // Periods one after another, ended; an open one last only where the statuses let it sign.
            const periodos: PeriodoFirma[] = [];
            let fin = sumarDias(d, -800);
            for (const [inicio, largo] of f.cerrados) {
              const desde = [sumarDias(d, inicio), fin].sort()[1];
              fin = sumarDias(desde, largo);
              periodos.push({ desde, hasta: fin, causaFin: "funcionario" });
            }
            const firma = f.idEstatus === 2 && s.estatus !== ESTATUS.INACTIVADO && s.estatus !== ESTATUS.ANULADA;
            if (firma) {
              const desde = [sumarDias(d, f.abiertoDesde), fin].sort()[1];
              periodos.push({ desde, hasta: null, causaFin: null });
            }
            for (const p of periodos) {
              await t.db.insert(autorizaciones).values({
                idFuncionario: id,
                idSolicitud: c.idSolicitud,
                desde: inicioDiaLocal(p.desde),
                hasta: p.hasta === null ? null : inicioDiaLocal(p.hasta),
                causaFin: p.causaFin,
              });
            }
            const e = estadoFirma(
              {
                idEstatus: f.idEstatus,
                estatusSolicitud: s.estatus,
                firmaVigencia: f.vigencia !== null,
                fechaDesde,
                fechaHasta,
                periodos,
              },
              d,
              DIAS_AVISO,
            );
            esperado.set(id, { estado: e.estado, texto: e.texto, cedula: ced, periodos });
          }
          casos.push({ idSolicitud: c.idSolicitud, ids: c.funcionarios, esperado });
        }

        const exportadas = await exportacion();
        for (const c of casos) {
          const publica = await constanciaDe(c.idSolicitud, c.ids);
          const filas = await detalle(c.idSolicitud);
          for (const [i, id] of c.ids.entries()) {
            const e = c.esperado.get(id)!;
            const autorizado = autorizadaSegunEstado(e.estado as Parameters<typeof autorizadaSegunEstado>[0]);
            // The public page (officials in id order).
            expect(publica[i], `public page, official ${id}`).toEqual(
              expect.objectContaining({ estado: e.estado, estadoTexto: e.texto }),
            );
            // The detail screens' officials table.
            const fila = filas.find((x) => x.idFuncionario === id)!;
            expect([fila.estadoFirma, fila.estadoTexto, fila.enVigor], `detail, official ${id}`).toEqual([
              e.estado,
              e.texto,
              autorizado,
            ]);
            // The verification API and Verificar firma's verdict for today.
            const v = await verificar(e.cedula);
            const r = v.registros.find((x) => x.idFuncionario === id)!;
            expect([r.estadoFirma, r.estadoTexto, r.autorizado, v.autorizado], `verification, official ${id}`).toEqual([
              e.estado,
              e.texto,
              autorizado,
              autorizado,
            ]);
            // The registry export: every official ever authorised.
            expect(exportadas.get(e.cedula), `export, official ${id}`).toBe(
              e.periodos.length > 0 ? e.texto : undefined,
            );
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 300_000);

  it("an approved signature whose validity begins later reads 'Aún no vigente' on the public page and the constancia (issue 35)", async () => {
    const d = hoy();
    const desde = sumarDias(d, 47);
    const hasta = sumarDias(d, 397);
    const s = await crearSolicitud(t.db, {
      estatus: 105,
      funcionarios: 1,
      estatusFuncionarios: 1,
      decididoJuridico: true,
    });
    await t.db
      .update(funcionarios)
      .set({ firmaVigencia: true, fechaDesde: desde, fechaHasta: hasta })
      .where(eq(funcionarios.idFuncionario, s.funcionarios[0]));
    expect((await accion(t, "administrador", "AprobarAdminRcc", s.idSolicitud)).json().success).toBe(true);

    const texto = `Aún no vigente (desde ${fechaTexto(desde)})`;
    const res = await t.as("originador", { method: "GET", url: `/api/Verificacion/GetConstancia/${s.idSolicitud}` });
    expect(res.statusCode).toBe(200);
    const textos = textoPdf(res.rawPayload).join(" ");
    expect(textos).toContain(`Estado al emitir: ${texto}`);
    const codigo = /[0-9A-Z]{4}(?:-[0-9A-Z]{4}){4}/.exec(textos)?.[0];
    const publica = await t.as(null, { method: "GET", url: `/api/Verificacion/Constancia/${codigo}` });
    expect(
      publica.json().funcionarios?.[0],
      `${codigo} ${publica.statusCode} ${publica.body.slice(0, 200)}`,
    ).toMatchObject({ estado: "aunNoVigente", estadoTexto: texto });
    expect(publica.json().funcionarios[0].estadoTexto).not.toBe("Vigente");
    const [f] = await detalle(s.idSolicitud);
    expect(f).toMatchObject({ estadoFirma: "aunNoVigente", estadoTexto: texto, enVigor: false });
  });
});
