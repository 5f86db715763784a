/**
 * The request form's values, named as the API names its fields (`InfoInstitucion.Direccion`,
 * `InfoIncumbente.Cedula`…, so the server's errors land on them), their start from the stored
 * request, the zod schema they are checked with (the API's `zSolicitudForm` and the required
 * documents) and the multipart body of the save.
 */
import {
  type CampoDocumento,
  DOCUMENTOS,
  type InfoInstitucion,
  MSG,
  type Solicitud,
  zSolicitudForm,
} from "@registro/contracts";
import type { Path } from "react-hook-form";
import { z } from "zod";

export interface ValoresSolicitud extends Record<CampoDocumento, File | null> {
  InfoInstitucion: { Direccion: string; Telefono: string; Ext: string; Telefono2: string; Ext2: string };
  InfoIncumbente: {
    Cedula: string;
    Nombres: string;
    Apellidos: string;
    CodCargo: number | null;
    Telefono: string;
    ifirmaDigital: boolean;
  };
  Comentario: string;
}

export const CAMPOS_SOLICITUD = [
  "InfoInstitucion.Direccion",
  "InfoInstitucion.Telefono",
  "InfoInstitucion.Ext",
  "InfoInstitucion.Telefono2",
  "InfoInstitucion.Ext2",
  "InfoIncumbente.Cedula",
  "InfoIncumbente.Nombres",
  "InfoIncumbente.Apellidos",
  "InfoIncumbente.CodCargo",
  "InfoIncumbente.Telefono",
  "InfoIncumbente.ifirmaDigital",
  "Comentario",
  ...DOCUMENTOS.map((d) => d.campo),
] as const satisfies readonly Path<ValoresSolicitud>[];

/** SPEC.md §5 also names the incumbent's name error `InfoIncumbente.Nombre`. */
export const ALIAS_SOLICITUD = { "InfoIncumbente.Nombre": "InfoIncumbente.Nombres" } as const;

export function valoresIniciales(inst: InfoInstitucion, s: Solicitud | null): ValoresSolicitud {
  const inc = s?.infoIncumbente;
  return {
    InfoInstitucion: {
      Direccion: inst.direccion,
      Telefono: inst.telefono,
      Ext: inst.ext,
      Telefono2: inst.telefono2,
      Ext2: inst.ext2,
    },
    InfoIncumbente: {
      Cedula: inc?.cedula ?? "",
      Nombres: inc?.nombres ?? "",
      Apellidos: inc?.apellidos ?? "",
      CodCargo: inc?.codCargo ?? null,
      Telefono: inc?.telefono ?? "",
      ifirmaDigital: inc?.ifirmaDigital ?? false,
    },
    Comentario: s?.comentario ?? "",
    OficioFile: null,
    CedulaFile: null,
    DesignacionFile: null,
    TarjetaFile: null,
  };
}

/** The API's own schema over the form's values, and a document required unless one is stored. */
export function esquemaSolicitud(guardados: ReadonlySet<string>) {
  return z.custom<ValoresSolicitud>().superRefine((v, ctx) => {
    const r = zSolicitudForm.safeParse({
      ...v,
      InfoIncumbente: { ...v.InfoIncumbente, CodCargo: v.InfoIncumbente.CodCargo ?? "" },
    });
    for (const i of r.success ? [] : r.error.issues) ctx.addIssue({ code: "custom", path: i.path, message: i.message });
    for (const d of DOCUMENTOS)
      if (!v[d.campo] && !guardados.has(d.tipo))
        ctx.addIssue({ code: "custom", path: [d.campo], message: MSG.archivoRequerido });
  });
}

/** The multipart body of Post/Put, with the request's keys and the institution's fixed data. */
export function cuerpoSolicitud(v: ValoresSolicitud, inst: InfoInstitucion, s: Solicitud | null): FormData {
  const fd = new FormData();
  const add = (k: string, x: string | number | boolean) => fd.append(k, String(x));
  const { InfoInstitucion: i, InfoIncumbente: c } = v;
  if (s) {
    add("IdSolicitud", s.idSolicitud);
    add("IdIncumbente", s.infoIncumbente.idIncumbente);
    add("InfoIncumbente.IdIncumbente", s.infoIncumbente.idIncumbente);
  }
  add("IdInstitucion", inst.idInstitucionFirma);
  add("InfoInstitucion.IdInstitucionFirma", inst.idInstitucionFirma);
  add("InfoInstitucion.Nombre", inst.nombre);
  add("InfoInstitucion.Estructura", inst.estructura);
  add("InfoInstitucion.Direccion", i.Direccion.trim());
  add("InfoInstitucion.Telefono", i.Telefono);
  add("InfoInstitucion.Ext", i.Ext.trim());
  add("InfoInstitucion.Telefono2", i.Telefono2);
  add("InfoInstitucion.Ext2", i.Ext2.trim());
  add("InfoIncumbente.Cedula", c.Cedula);
  add("InfoIncumbente.Nombres", c.Nombres.trim());
  add("InfoIncumbente.Apellidos", c.Apellidos.trim());
  add("InfoIncumbente.CodCargo", c.CodCargo ?? "");
  add("InfoIncumbente.Telefono", c.Telefono);
  add("InfoIncumbente.IdInstitucionFirma", inst.idInstitucionFirma);
  add("InfoIncumbente.ifirmaDigital", c.ifirmaDigital);
  add("Comentario", v.Comentario.trim());
  for (const d of DOCUMENTOS) {
    const f = v[d.campo];
    if (f) fd.append(d.campo, f, f.name);
  }
  return fd;
}
