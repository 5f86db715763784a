/**
 * Test helpers for the originator's multipart calls: a multipart/form-data body builder for
 * `app.inject`, and valid request and official forms to start each test from.
 */
import crypto from "node:crypto";
import { pdfMuestra, pngMuestra } from "../../src/seed/archivos-muestra.js";

export interface ArchivoPrueba {
  nombre: string;
  contenido: Buffer;
  /** Declared Content-Type (what the browser says; the server judges by the bytes). */
  tipo?: string;
}

export type Campos = Record<string, string | number | boolean | null | undefined | (string | number)[]>;
export type Archivos = Record<string, ArchivoPrueba | ArchivoPrueba[] | undefined>;

/** A multipart/form-data body: repeated names for lists, one part per file. */
export function multipart(campos: Campos, archivos: Archivos = {}) {
  const boundary = `----prueba${crypto.randomBytes(8).toString("hex")}`;
  const trozos: Buffer[] = [];
  const linea = (s: string) => trozos.push(Buffer.from(`${s}\r\n`, "utf8"));
  for (const [nombre, valor] of Object.entries(campos)) {
    if (valor === undefined) continue;
    for (const v of Array.isArray(valor) ? valor : [valor]) {
      linea(`--${boundary}`);
      linea(`Content-Disposition: form-data; name="${nombre}"`);
      linea("");
      linea(v === null ? "" : String(v));
    }
  }
  for (const [nombre, valor] of Object.entries(archivos)) {
    if (valor === undefined) continue;
    for (const a of Array.isArray(valor) ? valor : [valor]) {
      linea(`--${boundary}`);
      linea(`Content-Disposition: form-data; name="${nombre}"; filename="${a.nombre}"`);
      linea(`Content-Type: ${a.tipo ?? "application/octet-stream"}`);
      linea("");
      trozos.push(a.contenido);
      linea("");
    }
  }
  linea(`--${boundary}--`);
  return {
    payload: Buffer.concat(trozos),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export const pdf = (nombre = "documento.pdf", texto = "Documento de prueba"): ArchivoPrueba => ({
  nombre,
  contenido: pdfMuestra(texto),
  tipo: "application/pdf",
});
export const png = (nombre = "imagen.png"): ArchivoPrueba => ({ nombre, contenido: pngMuestra(), tipo: "image/png" });

/** The four documents, all valid. */
export function cuatroDocumentos(): Archivos {
  return {
    OficioFile: pdf("oficio.pdf", "Oficio"),
    CedulaFile: png("cedula.png"),
    DesignacionFile: pdf("designacion.pdf", "Designacion"),
    TarjetaFile: pdf("tarjeta.pdf", "Tarjeta"),
  };
}

/** A valid request form (without files) for the create and update calls. */
export function camposSolicitud(idCargoIncumbente: number, extra: Campos = {}): Campos {
  return {
    IdInstitucion: 999_999, // ignored: the institution comes from the session
    OnlineUser: "alguien",
    "InfoInstitucion.Direccion": "Av. México No. 45, Santo Domingo",
    "InfoInstitucion.Telefono": "(809) 687-5131",
    "InfoInstitucion.Ext": "2101",
    "InfoInstitucion.Telefono2": "",
    "InfoInstitucion.Ext2": "",
    "InfoIncumbente.Cedula": "001-0000001-7",
    "InfoIncumbente.Nombres": "Ana María",
    "InfoIncumbente.Apellidos": "Pérez Gómez",
    "InfoIncumbente.CodCargo": idCargoIncumbente,
    "InfoIncumbente.Telefono": "(809) 555-0101",
    "InfoIncumbente.ifirmaDigital": "false",
    Comentario: "Registro de firmas del nuevo período",
    ...extra,
  };
}

/** A valid official form (without files): permanent and unlimited unless overridden. */
export function camposFuncionario(idSolicitud: number, idCargoFuncionario: number, extra: Campos = {}): Campos {
  return {
    IdSolicitud: idSolicitud,
    IdRow: 0,
    IdEstatus: 1,
    Cedula: "001-0000003-3",
    Nombres: "Carlos",
    Apellidos: "Ramírez Peña",
    CodCargo: idCargoFuncionario,
    Telefono: "(809) 555-0303",
    Comentario: "",
    ffirmaDigital: "false",
    firmaVigencia: "false",
    firmaRango: "false",
    montoDesde: "",
    montoHasta: "",
    fechaDesde: "1970-01-01T00:00:00.000Z",
    fechaHasta: "1970-01-01T00:00:00.000Z",
    "SelectedFirms[0]": 101,
    "SelectedFirms[1]": 201,
    ...extra,
  };
}
