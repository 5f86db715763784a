/**
 * The official dialog's form: its values (named as the API names its fields, so the server's errors
 * land on them), their start from a stored official, the zod schema it is checked with (the API's
 * `zFuncionarioForm`, the typed dates read as typed, the required documents) and the multipart body.
 */
import {
  type CampoDocumento,
  DOCUMENTOS,
  type Funcionario,
  leerFechaEscrita,
  MSG,
  textoDeFechaIso,
  zFuncionarioForm,
} from "@registro/contracts";
import { z } from "zod";

export interface ValoresFuncionario extends Record<CampoDocumento, File | null> {
  Cedula: string;
  Nombres: string;
  Apellidos: string;
  CodCargo: number | null;
  Telefono: string;
  Comentario: string;
  ffirmaDigital: boolean;
  /** true = Temporal, false = Permanente. */
  firmaVigencia: boolean;
  /** true = Limitado, false = Ilimitado. */
  firmaRango: boolean;
  montoDesde: number | null;
  montoHasta: number | null;
  /** The date fields' text, as typed (dd/mm/aaaa). */
  fechaDesde: string;
  fechaHasta: string;
  SelectedFirms: number[];
}

export const CAMPOS_FUNCIONARIO = [
  "Cedula",
  "Nombres",
  "Apellidos",
  "CodCargo",
  "Telefono",
  "Comentario",
  "ffirmaDigital",
  "firmaVigencia",
  "firmaRango",
  "montoDesde",
  "montoHasta",
  "fechaDesde",
  "fechaHasta",
  "SelectedFirms",
  ...DOCUMENTOS.map((d) => d.campo),
] as const satisfies readonly (keyof ValoresFuncionario)[];

const textoFecha = (iso: string | null) => (iso ? textoDeFechaIso(iso.slice(0, 10)) : "");

export function valoresIniciales(f: Funcionario | null): ValoresFuncionario {
  return {
    Cedula: f?.cedula ?? "",
    Nombres: f?.nombres ?? "",
    Apellidos: f?.apellidos ?? "",
    CodCargo: f?.codCargo ?? null,
    Telefono: f?.telefono ?? "",
    Comentario: f?.comentario ?? "",
    ffirmaDigital: f?.ffirmaDigital ?? false,
    firmaVigencia: f?.firmaVigencia ?? false,
    firmaRango: f?.firmaRango ?? false,
    montoDesde: f?.montoDesde ?? null,
    montoHasta: f?.montoHasta ?? null,
    fechaDesde: textoFecha(f?.fechaDesde ?? null),
    fechaHasta: textoFecha(f?.fechaHasta ?? null),
    SelectedFirms: f?.firmas.map((x) => x.idFirma) ?? [],
    OficioFile: null,
    CedulaFile: null,
    DesignacionFile: null,
    TarjetaFile: null,
  };
}

/**
 * The API's own schema over the form's values, every message at once: a date typed but not
 * readable is its own error (never an empty field), and a document is required unless one is
 * stored (`guardados`: the stored documents' types).
 */
export function esquemaFuncionario(guardados: ReadonlySet<string>) {
  return z.custom<ValoresFuncionario>().superRefine((v, ctx) => {
    const desde = leerFechaEscrita(v.fechaDesde);
    const hasta = leerFechaEscrita(v.fechaHasta);
    const ilegibles: Record<string, string | undefined> = v.firmaVigencia
      ? { fechaDesde: desde.error, fechaHasta: hasta.error }
      : {};
    const r = zFuncionarioForm.safeParse({
      ...v,
      CodCargo: v.CodCargo ?? "",
      montoDesde: v.montoDesde ?? "",
      montoHasta: v.montoHasta ?? "",
      fechaDesde: desde.fecha ?? "",
      fechaHasta: hasta.fecha ?? "",
    });
    for (const i of r.success ? [] : r.error.issues) {
      const campo = String(i.path[0] ?? "");
      if (!ilegibles[campo]) ctx.addIssue({ code: "custom", path: [campo], message: i.message });
    }
    for (const [campo, mensaje] of Object.entries(ilegibles))
      if (mensaje) ctx.addIssue({ code: "custom", path: [campo], message: mensaje });
    for (const d of DOCUMENTOS)
      if (!v[d.campo] && !guardados.has(d.tipo))
        ctx.addIssue({ code: "custom", path: [d.campo], message: MSG.archivoRequerido });
  });
}

export interface ClavesFuncionario {
  idSolicitud: number;
  idIncumbente: number;
  idInstitucion: number;
  funcionario: Funcionario | null;
}

/** The multipart body of GuardarFuncionario / EditarFuncionario; on edit only the documents chosen. */
export function cuerpoFuncionario(v: ValoresFuncionario, c: ClavesFuncionario): FormData {
  const fd = new FormData();
  const add = (k: string, x: string | number | boolean) => fd.append(k, String(x));
  if (c.funcionario) {
    add("IdFuncionario", c.funcionario.idFuncionario);
    add("IdRow", c.funcionario.idRow);
    add("IdEstatus", c.funcionario.idEstatus);
  }
  add("IdSolicitud", c.idSolicitud);
  add("IdIncumbente", c.idIncumbente);
  add("IdInstitucionFirma", c.idInstitucion);
  add("Cedula", v.Cedula);
  add("Nombres", v.Nombres.trim());
  add("Apellidos", v.Apellidos.trim());
  add("CodCargo", v.CodCargo ?? "");
  add("Telefono", v.Telefono);
  add("Comentario", v.Comentario.trim());
  add("ffirmaDigital", v.ffirmaDigital);
  add("firmaVigencia", v.firmaVigencia);
  add("firmaRango", v.firmaRango);
  const desde = leerFechaEscrita(v.fechaDesde).fecha;
  const hasta = leerFechaEscrita(v.fechaHasta).fecha;
  if (v.firmaVigencia && desde && hasta) {
    add("fechaDesde", desde);
    add("fechaHasta", hasta);
  }
  if (v.firmaRango && v.montoDesde !== null && v.montoHasta !== null) {
    add("montoDesde", v.montoDesde);
    add("montoHasta", v.montoHasta);
  }
  v.SelectedFirms.forEach((id, i) => {
    add(`SelectedFirms[${i}]`, id);
  });
  for (const d of DOCUMENTOS) {
    const f = v[d.campo];
    if (f) fd.append(d.campo, f, f.name);
  }
  return fd;
}
