/**
 * Issue 34: the import's "Causa de baja" and "Períodos de autorización" columns (what the registry's
 * export writes for an ended or reactivated official): refused with their reason when they cannot be
 * read or contradict the row, and written as the official's periods and end causes when they can.
 */
import { MSG_IMPORTACION } from "@registro/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { funcionarios } from "../../src/db/schema.js";
import { ejecutarImportacion } from "../../src/importacion/motor.js";
import { fechaLocal, relojDelSistema } from "../../src/shared/tiempo.js";
import { periodosPorFuncionario } from "../../src/verificacion/periodos.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { cedula, informeDe } from "../support/importacion.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ENCABEZADO =
  "Institución,Tipo,Cédula,Nombres,Apellidos,Cargo,Firmas,Estatus,Fecha de registro,Fecha de baja,Motivo de baja,Causa de baja,Períodos de autorización";
const INST = "Institución de Períodos";

async function correr(filas: string[], aplicar: boolean) {
  const r = await ejecutarImportacion(t.db, {
    archivo: "periodos.csv",
    contenido: Buffer.from([ENCABEZADO, ...filas].join("\n")),
    aplicar,
    crearCatalogos: true,
    idUsuario: null,
    hoy: fechaLocal(relojDelSistema()),
    ahora: relojDelSistema(),
  });
  return { ...r, informe: await informeDe(t.db, r.idImportacion) };
}

const fila = (n: string, resto: string) =>
  `${INST},Funcionario,${cedula(n)},Ana,Ruiz,Director Financiero,Cheques,${resto}`;

describe("the periods and end cause of an imported official", () => {
  it("refuses what cannot be read or contradicts the row, naming the column", async () => {
    const r = await correr(
      [
        `${INST},Incumbente,${cedula("4030000001")},Luis,Peña,Ministro,,Activo,01/01/2020,,,,`,
        fila("4030000002", "Activo,01/01/2020,,,,desde el lunes"),
        fila("4030000003", "Activo,01/01/2020,,,,01/01/2020 - 01/03/2020; 01/02/2020 -"),
        fila("4030000004", "Activo,01/01/2020,,,,02/01/2020 -"),
        fila("4030000005", "Activo,01/01/2020,,,,01/01/2020 - 01/03/2020"),
        fila("4030000006", "Inactivo,01/01/2020,01/03/2020,Baja,Por cansancio,"),
        fila("4030000007", "Activo,01/01/2020,,,Solicitud inactivada,"),
      ],
      false,
    );
    const de = (n: number) => r.informe.filter((f) => f.fila === n).map((f) => [f.columna, f.mensaje]);
    expect(de(3)).toEqual([["Períodos de autorización", MSG_IMPORTACION.periodosFormato]]);
    expect(de(4)).toEqual([["Períodos de autorización", MSG_IMPORTACION.periodosOrden]]);
    expect(de(5)).toEqual([["Períodos de autorización", MSG_IMPORTACION.periodosRegistro]]);
    expect(de(6)).toEqual([["Períodos de autorización", MSG_IMPORTACION.periodosEstatus]]);
    expect(de(7)).toEqual([["Causa de baja", MSG_IMPORTACION.causaInvalida]]);
    expect(de(8)).toEqual([["Causa de baja", MSG_IMPORTACION.causaSoloInactivo]]);
  });

  it("writes the periods and causes given: an official inactivated and reactivated, one ended by its request", async () => {
    const r = await correr(
      [
        `${INST},Incumbente,${cedula("4030000011")},Luis,Peña,Ministro,,Activo,01/01/2020,,,,`,
        fila(
          "4030000012",
          "Activo,01/01/2020,,,,01/01/2020 - 01/03/2020 (Solicitud inactivada); 15/03/2020 - 15/04/2020; 01/05/2020 -",
        ),
        fila("4030000013", "Inactivo,01/01/2020,27/11/2020,Solicitud inactivada,Solicitud inactivada,"),
      ],
      true,
    );
    expect(r.informe.filter((f) => f.resultado === "rechazada")).toEqual([]);
    const ids = await Promise.all(
      ["4030000012", "4030000013"].map(async (n) => {
        const [f] = await t.db
          .select({ id: funcionarios.idFuncionario })
          .from(funcionarios)
          .where(eq(funcionarios.cedula, cedula(n)));
        return f.id;
      }),
    );
    const periodos = await periodosPorFuncionario(t.db, ids);
    expect(periodos.get(ids[0])).toEqual([
      { desde: "2020-01-01", hasta: "2020-03-01", causaFin: "solicitud" },
      { desde: "2020-03-15", hasta: "2020-04-15", causaFin: "funcionario" },
      { desde: "2020-05-01", hasta: null, causaFin: null },
    ]);
    expect(periodos.get(ids[1])).toEqual([{ desde: "2020-01-01", hasta: "2020-11-27", causaFin: "solicitud" }]);
  });
});
