/**
 * The pieces under the originator's forms, without a database: multipart names to nested fields,
 * type sniffing, stored names, and the form schemas' readings of dates, amounts and signatures.
 */
import {
  autorizadaSegunEstado,
  estadoFirma,
  leerFecha,
  MSG,
  zFirmasSeleccionadas,
  zFuncionarioForm,
  zMonto,
} from "@registro/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nombreSeguro, tipoPermitido } from "../../src/archivos/archivos.js";
import { anidar } from "../../src/archivos/multipart.js";
import { pdfMuestra, pngMuestra } from "../../src/seed/archivos-muestra.js";
import { hoyLocal, relojDelSistema } from "../../src/shared/tiempo.js";

describe("anidar", () => {
  it("nests dotted and bracketed names, collects lists, ignores case for repeated keys", () => {
    expect(
      anidar([
        ["InfoIncumbente.Cedula", "001"],
        ["infoincumbente.Nombres", "Ana"],
        ["InfoInstitucion[Telefono]", "(809) 000-0000"],
        ["SelectedFirms[1]", "102"],
        ["SelectedFirms[0]", "101"],
        ["Otra", "a"],
        ["otra", "b"],
        ["Lista[]", "x"],
        ["Lista[]", "y"],
      ]),
    ).toEqual({
      InfoIncumbente: { Cedula: "001", Nombres: "Ana" },
      InfoInstitucion: { Telefono: "(809) 000-0000" },
      SelectedFirms: ["101", "102"],
      Otra: ["a", "b"],
      Lista: ["x", "y"],
    });
  });

  it("keeps the last value of a repeated nested scalar and ignores prototype keys", () => {
    const out = anidar([
      ["A.b", "1"],
      ["A.b", "2"],
      ["__proto__.polluted", "yes"],
      ["constructor.prototype.x", "1"],
    ]);
    expect(out).toEqual({ A: { b: "2" } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("tipoPermitido", () => {
  const jpeg = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from("JFIF\0"),
    Buffer.alloc(64),
  ]);
  const gif = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(64)]);
  const webp = Buffer.concat([
    Buffer.from("RIFF"),
    Buffer.from([0x24, 0, 0, 0]),
    Buffer.from("WEBPVP8 "),
    Buffer.alloc(64),
  ]);
  it.each([
    ["PDF", pdfMuestra("x"), "application/pdf"],
    ["PNG", pngMuestra(), "image/png"],
    ["JPEG", jpeg, "image/jpeg"],
    ["GIF", gif, "image/gif"],
    ["WebP", webp, "image/webp"],
  ])("accepts %s by its bytes", async (_n, bytes, mime) => {
    expect(await tipoPermitido(bytes)).toBe(mime);
  });

  it.each([
    ["plain text", Buffer.from("hola")],
    ["empty", Buffer.alloc(0)],
    ["a ZIP", Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)])],
    ["HTML", Buffer.from("<!doctype html><script>alert(1)</script>")],
  ])("refuses %s", async (_n, bytes) => {
    expect(await tipoPermitido(bytes)).toBeNull();
  });
});

describe("nombreSeguro", () => {
  it("drops directories and control characters and gives the real type's extension", () => {
    expect(nombreSeguro("C:\\Users\\ana\\oficio.pdf", "Oficio", "pdf")).toBe("oficio.pdf");
    expect(nombreSeguro('../../x\r\n"y".pdf', "Oficio", "png")).toBe("xy.png");
    expect(nombreSeguro("foto.JPEG", "Cedula", "jpg")).toBe("foto.JPEG".replace("JPEG", "jpeg"));
    expect(nombreSeguro("", "Tarjeta", "pdf")).toBe("Tarjeta.pdf");
    expect(nombreSeguro(`${"a".repeat(300)}.pdf`, "Oficio", "pdf")).toHaveLength(144);
  });
});

describe("leerFecha", () => {
  it.each([
    ["2026-01-15", "2026-01-15"],
    ["15/01/2026", "2026-01-15"],
    ["5/1/26", "2026-01-05"],
    // A date-time counts for the date written in it: the client's calendar day.
    ["2026-01-15T04:00:00.000Z", "2026-01-15"],
    ["2026-11-23T12:00:00Z", "2026-11-23"],
    ["2026-11-23T00:00:00Z", "2026-11-23"], // midnight UTC
    ["2026-11-23T23:59:59.999Z", "2026-11-23"],
    ["2026-11-23T00:00:00-04:00", "2026-11-23"], // midnight in the country (UTC-4)
    ["2026-11-23T23:30:00-04:00", "2026-11-23"], // already the 24th in UTC
    ["2026-11-23T23:30:00-0400", "2026-11-23"],
    ["2026-11-23T00:30", "2026-11-23"],
    ["Mon Nov 23 2026 00:00:00 GMT-0400 (hora de Venezuela)", "2026-11-23"],
    ["2026-11-31T12:00:00Z", undefined],
    ["2026-11-23T12:00:00Zx", undefined],
    ["1970-01-01T00:00:00.000Z", null], // the epoch is "empty"
    ["1970-01-01T04:00:00.000Z", null],
    ["", null],
    ["null", null],
    ["31/02/2026", undefined],
    ["2026-13-01", undefined],
    ["ayer", undefined],
  ])("%s → %s", (entrada, esperado) => {
    expect(leerFecha(entrada)).toBe(esperado);
  });

  it("a Date or a number, which carry no written date, is read in UTC", () => {
    expect(leerFecha(new Date("2026-11-23T04:00:00Z"))).toBe("2026-11-23");
    expect(leerFecha(Date.parse("2026-11-23T23:59:00Z"))).toBe("2026-11-23");
  });
});

const hoy = () => hoyLocal(relojDelSistema);

describe("hoy: the country's calendar day (UTC-4)", () => {
  afterEach(() => vi.useRealTimers());
  it.each([
    ["2026-11-24T03:59:59Z", "2026-11-23"],
    ["2026-11-24T04:00:00Z", "2026-11-24"],
    ["2026-11-23T00:00:00Z", "2026-11-22"],
  ])("at %s it is %s, and a signature ending that day is in force", (instante, dia) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(instante));
    expect(hoy()).toBe(dia);
    const f = {
      idEstatus: 2,
      firmaVigencia: true,
      fechaDesde: "2026-01-01",
      fechaHasta: leerFecha(`${dia}T12:00:00Z`) ?? null,
    };
    const e = estadoFirma({ ...f, estatusSolicitud: 106, periodos: [{ desde: "2026-01-01", hasta: null }] }, hoy(), 0);
    expect(autorizadaSegunEstado(e.estado)).toBe(true);
  });
});

describe("zMonto", () => {
  it.each([
    ["1,000.50", 1000.5],
    ["$250,000", 250000],
    ["US$ 12.345", 12.35],
    [7, 7],
    ["", undefined],
  ])("%s → %s", (entrada, esperado) => {
    expect(zMonto.parse(entrada)).toBe(esperado);
  });

  it("refuses negatives, text and absurd amounts with Spanish messages", () => {
    expect(zMonto.safeParse("-1").error?.issues[0].message).toBe(MSG.montoNegativo);
    expect(zMonto.safeParse("1.000,50").error?.issues[0].message).toBe(MSG.numeroInvalido);
    expect(zMonto.safeParse("99999999999999999").error?.issues[0].message).toBe(MSG.montoMaximo);
  });
});

describe("zFirmasSeleccionadas", () => {
  it("reads lists, comma lists, JSON and MultiSelect objects, without repeats", () => {
    expect(zFirmasSeleccionadas.parse(["101", "102", "101"])).toEqual([101, 102]);
    expect(zFirmasSeleccionadas.parse("101,201")).toEqual([101, 201]);
    expect(zFirmasSeleccionadas.parse("[301]")).toEqual([301]);
    expect(zFirmasSeleccionadas.parse([{ idFirma: 102 }])).toEqual([102]);
  });

  it("refuses an empty choice and unreadable ids on the field itself", () => {
    expect(zFirmasSeleccionadas.safeParse(undefined).error?.issues).toMatchObject([
      { message: MSG.firmaRequerida, path: [] },
    ]);
    expect(zFirmasSeleccionadas.safeParse(["1", "x"]).error?.issues).toMatchObject([
      { message: MSG.firmaInvalida, path: [] },
    ]);
    expect(zFirmasSeleccionadas.safeParse(["99999999999"]).error?.issues[0].message).toBe(MSG.firmaInvalida);
  });
});

describe("zFuncionarioForm", () => {
  const base = {
    IdSolicitud: "5",
    Cedula: "001-0000003-3",
    Nombres: "Carlos",
    Apellidos: "Ramírez",
    CodCargo: "7",
    Telefono: "(809) 555-0303",
    SelectedFirms: ["101"],
  };

  it("reports the cross-field rules together with the other fields' errors", () => {
    const r = zFuncionarioForm.safeParse({
      ...base,
      Cedula: "1",
      firmaVigencia: "true",
      firmaRango: "true",
      montoDesde: "9",
      montoHasta: "1",
    });
    // The first message of each field is the one shown.
    const porCampo: Record<string, string> = {};
    for (const i of r.error?.issues ?? []) porCampo[i.path.join(".")] ??= i.message;
    expect(porCampo).toEqual({
      Cedula: MSG.cedulaFormato,
      fechaDesde: MSG.requerido,
      fechaHasta: MSG.requerido,
      montoDesde: MSG.montosOrden,
    });
  });

  it("an unreadable date reports itself, not 'required'", () => {
    const r = zFuncionarioForm.safeParse({ ...base, firmaVigencia: true, fechaDesde: "x", fechaHasta: "2026-01-01" });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["fechaDesde", MSG.fechaInvalida]]);
  });

  it("parses a complete form", () => {
    const r = zFuncionarioForm.parse({
      ...base,
      firmaVigencia: "true",
      fechaDesde: "01/01/2026",
      fechaHasta: "01/01/2026",
    });
    expect(r).toMatchObject({
      IdSolicitud: 5,
      CodCargo: 7,
      firmaVigencia: true,
      fechaDesde: "2026-01-01",
      SelectedFirms: [101],
    });
  });
});
