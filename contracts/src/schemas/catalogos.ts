/** Lookup responses (SPEC.md §7 "Lookups"). */
import { z } from "zod";

export const zCriterio = z.object({
  id: z.number(),
  criterio: z.string(),
  tipo: z.enum(["Aceptacion", "Documento", "Rechazo"]),
});
export type Criterio = z.infer<typeof zCriterio>;

export const zInstitucionOpcion = z.object({ idInstitucionFirma: z.number(), nombre: z.string() });
export type InstitucionOpcion = z.infer<typeof zInstitucionOpcion>;

export const zCargoOpcion = z.object({ id: z.number(), nombre: z.string() });
export type CargoOpcion = z.infer<typeof zCargoOpcion>;

export const zPersona = z.object({ cedula: z.string(), nombre: z.string(), apellidos: z.string() });
export type Persona = z.infer<typeof zPersona>;

/** GET api/SolicitudFirma/GetFirmas: signature types with their signatures. */
export const zTipoFirma = z.object({
  idTipoFirma: z.number(),
  nombre: z.string(),
  firmas: z.array(z.object({ idFirma: z.number(), firma1: z.string() })),
});
export type TipoFirma = z.infer<typeof zTipoFirma>;
