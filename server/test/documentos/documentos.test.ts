import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CODIGOS_ESTATUS, MSG, textoEstatus } from "@registro/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cargos, funcionarioFirmas, funcionarios, solicitudes } from "../../src/db/schema.js";
import { DIRECTORIO_MANUAL, generarManual } from "../../src/documentos/manual.js";
import { pngMuestra } from "../../src/seed/archivos-muestra.js";
import { TIPOS_FIRMA } from "../../src/seed/catalogos.js";
import { crearTestApp, type TestApp } from "../support/app.js";
import { idInstitucionDe } from "../support/factories.js";
import { entradaZip, paginasPdf, textoPdf } from "../support/lectores.js";

let t: TestApp;
beforeAll(async () => {
  t = await crearTestApp();
});
afterAll(() => t.close());

const MIME_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const marcadas = (xml: string) => (xml.match(/w14:checked w14:val="1"/g) ?? []).length;
const casillas = (xml: string) => (xml.match(/<w14:checkbox>/g) ?? []).length;

/** An official of the institution with a temporary, limited signature (the demo has them). */
async function funcionarioTemporalLimitado(usuario: string) {
  const idInstitucion = await idInstitucionDe(t.db, usuario);
  const filas = await t.db
    .select({ f: funcionarios, cargo: cargos.nombre })
    .from(funcionarios)
    .innerJoin(solicitudes, eq(solicitudes.idSolicitud, funcionarios.idSolicitud))
    .innerJoin(cargos, eq(cargos.idCargo, funcionarios.codCargo))
    .where(
      and(
        eq(solicitudes.idInstitucion, idInstitucion),
        eq(funcionarios.firmaVigencia, true),
        eq(funcionarios.firmaRango, true),
      ),
    );
  if (filas.length === 0) throw new Error(`no temporary limited official for ${usuario}`);
  const { f, cargo } = filas[0];
  const firmas = await t.db
    .select()
    .from(funcionarioFirmas)
    .where(eq(funcionarioFirmas.idFuncionario, f.idFuncionario));
  return { ...f, cargo, firmas: firmas.map((x) => x.idFirma) };
}

describe("GET /api/SolicitudFirma/GetTarjeta", () => {
  const url = "/api/SolicitudFirma/GetTarjeta";

  it("401 without a token", async () => {
    expect((await t.as(null, { method: "GET", url })).statusCode).toBe(401);
  });

  it("400 on idFuncionario when it is not a positive integer", async () => {
    for (const v of ["abc", "-3", "1.5"]) {
      const res = await t.as("originador", { method: "GET", url: `${url}?idFuncionario=${v}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: MSG.datosInvalidos });
      expect(res.json().errors.idFuncionario).toEqual([MSG.numeroInvalido]);
    }
  });

  it("403 when a user who reads no requests asks for an official's card", async () => {
    const f = await funcionarioTemporalLimitado("originador");
    const res = await t.as("configuracion", { method: "GET", url: `${url}?idFuncionario=${f.idFuncionario}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MSG.noAutorizado });
  });

  it("404 for an unknown official and for another institution's", async () => {
    const ajeno = await funcionarioTemporalLimitado("originador");
    for (const [usuario, id] of [
      ["originador", 999_999],
      ["originador2", ajeno.idFuncionario],
    ] as const) {
      const res = await t.as(usuario, { method: "GET", url: `${url}?idFuncionario=${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: MSG.funcionarioNoEncontrado });
    }
  });

  it("a blank .docx card for any signed-in user, with every signature of the catalogue unticked", async () => {
    for (const usuario of ["originador", "configuracion"] as const) {
      for (const u of [url, `${url}?idFuncionario=`]) {
        const res = await t.as(usuario, { method: "GET", url: u });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe(MIME_DOCX);
        expect(res.headers["content-disposition"]).toBe('attachment; filename="Tarjeta de Firmas.docx"');
        const docx = res.rawPayload;
        expect(docx.subarray(0, 2).toString("latin1")).toBe("PK");
        expect(entradaZip(docx, "[Content_Types].xml")).not.toBeNull();
        const xml = entradaZip(docx, "word/document.xml")!.toString("utf8");
        expect(xml).toContain("Tarjeta de Registro de Firmas");
        for (const texto of ["Institución", "Cédula de identidad", "Cargo", "Vigencia", "Rango de montos"]) {
          expect(xml).toContain(texto);
        }
        for (const texto of [
          "Firma 1",
          "Firma 2",
          "Firma 3",
          "Firma de la máxima autoridad",
          "Sello de la institución",
        ]) {
          expect(xml).toContain(texto);
        }
        for (const tipo of TIPOS_FIRMA) {
          expect(xml).toContain(tipo.nombre);
          for (const firma of tipo.firmas) expect(xml).toContain(firma);
        }
        const firmasCatalogo = TIPOS_FIRMA.reduce((n, x) => n + x.firmas.length, 0);
        // Ológrafa/Digital, every signature, Permanente/Temporal and Ilimitado/Limitado.
        expect(casillas(xml)).toBe(2 + firmasCatalogo + 2 + 2);
        expect(marcadas(xml)).toBe(0);
      }
    }
  });

  it("a card filled in with the official's data for a user who may read it", async () => {
    const f = await funcionarioTemporalLimitado("originador");
    for (const usuario of ["originador", "analista", "consultor"] as const) {
      const res = await t.as(usuario, { method: "GET", url: `${url}?idFuncionario=${f.idFuncionario}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe(MIME_DOCX);
      const xml = entradaZip(res.rawPayload, "word/document.xml")!.toString("utf8");
      expect(xml).toContain("Ministerio de Hacienda");
      expect(xml).toContain(`${f.nombres} ${f.apellidos}`);
      expect(xml).toContain(f.cedula);
      expect(xml).toContain(f.cargo);
      expect(xml).toContain(f.fechaDesde!.split("-").reverse().join("/"));
      expect(xml).toContain(f.fechaHasta!.split("-").reverse().join("/"));
      const usd = (n: string) =>
        `US$ ${Number(n).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      expect(xml).toContain(usd(f.montoDesde!));
      expect(xml).toContain(usd(f.montoHasta!));
      // Its classification, each of its signatures, Temporal and Limitado.
      expect(marcadas(xml)).toBe(1 + f.firmas.length + 1 + 1);
    }
  });
});

describe("GET /api/SolicitudFirma/GetManual", () => {
  const url = "/api/SolicitudFirma/GetManual";

  it("401 without a token", async () => {
    expect((await t.as(null, { method: "GET", url })).statusCode).toBe(401);
  });

  it("a PDF manual for any signed-in user, generated once per process", async () => {
    const a = await t.as("consultor", { method: "GET", url });
    expect(a.statusCode).toBe(200);
    expect(a.headers["content-type"]).toBe("application/pdf");
    expect(a.headers["content-disposition"]).toBe('attachment; filename="Manual de Usuario.pdf"');
    const pdf = a.rawPayload;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");
    expect(paginasPdf(pdf)).toBeGreaterThan(3);
    const b = await t.as("originador", { method: "GET", url });
    expect(b.rawPayload.equals(pdf)).toBe(true);
  });
});

describe("the user manual's content", () => {
  let texto: string;
  beforeAll(async () => {
    texto = textoPdf(await generarManual({ compress: false })).join("\n");
  });

  it("has the chapters in Spanish, accents included", () => {
    for (const titulo of [
      "Manual de Usuario",
      "Contenido",
      "Introducción",
      "Acceso al sistema",
      "Iniciar sesión",
      "Cambio de contraseña obligatorio",
      "Cerrar sesión",
      "La pantalla de Inicio y la navegación",
      "Tarjetas informativas",
      "Perfiles y menús",
      "El recorrido de una solicitud",
    ]) {
      expect(texto).toContain(titulo);
    }
    expect(texto).toContain("¿podía esta persona firmar");
  });

  it("lists every status, profile and mandatory document from the contracts", () => {
    // The manual's readers read the statuses in correct Spanish (DESIGN.md §8), not the API's texts.
    for (const codigo of CODIGOS_ESTATUS) expect(texto).toContain(textoEstatus(codigo));
    expect(texto).not.toMatch(/Adminstrador|Juridico|Retornado Por/);
    for (const perfil of ["Originador", "Analista RyCC", "Analista Legal", "Administrador RyCC", "Consultor"]) {
      expect(texto).toContain(perfil);
    }
    expect(texto).toContain("Oficio de la máxima autoridad de la institución");
    expect(texto).toContain("Auto-Asignar");
  });

  it("renders every chapter file of docs/manual in name order", () => {
    const archivos = fs.readdirSync(DIRECTORIO_MANUAL).filter((f) => f.endsWith(".md"));
    expect(archivos.length).toBeGreaterThanOrEqual(5);
    const titulos = archivos
      .sort()
      .map((f) => /^# (.+)$/m.exec(fs.readFileSync(path.join(DIRECTORIO_MANUAL, f), "utf8"))?.[1])
      .filter((x): x is string => x !== undefined)
      .map((x) => x.replace(/[*_`]/g, ""));
    const posiciones = titulos.map((x) => texto.indexOf(`\n${x}\n`));
    for (const p of posiciones) expect(p).toBeGreaterThan(0);
    expect(posiciones).toEqual([...posiciones].sort((a, b) => a - b));
  });
});

describe("the manual renderer", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "manual-"));
    fs.mkdirSync(path.join(dir, "screens"));
    fs.writeFileSync(path.join(dir, "screens", "real.png"), pngMuestra(200, 120));
    fs.writeFileSync(path.join(dir, "screens", "rota.png"), Buffer.from("no es una imagen"));
    fs.writeFileSync(
      path.join(dir, "02-b.md"),
      [
        "# Segundo capítulo",
        "",
        "Texto con **negrita**, *cursiva*, `código` y [un enlace](https://example.org): paso → siguiente ✓ 😀",
        "",
        "![Pantalla que existe](screens/real.png)",
        "",
        "![Pantalla que falta](screens/no-existe.png)",
        "",
        "![Archivo roto](screens/rota.png)",
        "",
        "![Fuera de la carpeta](../../etc/passwd)",
        "",
        "| Columna | Otra |",
        "|---|:---:|",
        "| uno | dos |",
        "| tres |",
        "",
        "1. primero",
        "2. segundo",
        "   continúa",
        "",
        "> una cita",
        "",
        "---",
        "",
        "```",
        "código literal",
        "```",
      ].join("\n"),
    );
    fs.writeFileSync(path.join(dir, "01-a.md"), "# Primer capítulo\n\n- viñeta ñandú\n- otra\n\n{{tabla-estatus}}\n");
    fs.writeFileSync(path.join(dir, "notas.txt"), "# No es un capítulo");
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("renders headings, lists, tables, quotes and code, and only the images it can find", async () => {
    const pdf = await generarManual({ dir, compress: false });
    const texto = textoPdf(pdf).join("\n");
    expect(texto.indexOf("Primer capítulo")).toBeLessThan(texto.indexOf("Segundo capítulo"));
    for (const s of ["viñeta ñandú", "negrita", "cursiva", "código", "un enlace", "paso -> siguiente Sí"]) {
      expect(texto).toContain(s);
    }
    for (const s of ["Columna", "tres", "primero", "segundo continúa", "una cita", "código literal"]) {
      expect(texto).toContain(s);
    }
    expect(texto).toContain("Pendiente de enviar");
    expect(texto).not.toContain("No es un capítulo");
    expect(texto).toContain("Pantalla que existe");
    for (const s of ["Pantalla que falta", "Archivo roto", "Fuera de la carpeta"]) expect(texto).not.toContain(s);
    expect((pdf.toString("latin1").match(/\/Subtype \/Image/g) ?? []).length).toBe(1);
  });

  it("still makes a valid document when the folder is empty or missing", async () => {
    const pdf = await generarManual({ dir: path.join(dir, "no-existe") });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(paginasPdf(pdf)).toBe(2);
  });
});
