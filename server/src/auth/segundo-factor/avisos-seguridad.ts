/**
 * What a change to a user's second factor leaves behind: an audit entry and a notice to the user
 * that is always mailed (whatever the notices' preference), so a change the user did not make is
 * seen at once. Both in the change's transaction.
 */
import type { AccionAuditoriaNombre } from "@registro/contracts";
import { auditar } from "../../auditoria/cadena.js";
import { insertarAvisos } from "../../avisos/avisos.repository.js";
import type { Tx } from "../../db/client.js";

export const ENLACE_SEGURIDAD = "/Seguridad";

const TEXTOS: Partial<Record<AccionAuditoriaNombre, { titulo: string; texto: (d: string) => string }>> = {
  segundo_factor_alta: {
    titulo: "Nuevo segundo factor",
    texto: (d) => `Se registró un segundo factor en su cuenta: ${d}.`,
  },
  segundo_factor_baja: {
    titulo: "Segundo factor eliminado",
    texto: (d) => `Se eliminó un segundo factor de su cuenta: ${d}.`,
  },
  segundo_factor_nombre: {
    titulo: "Segundo factor renombrado",
    texto: (d) => `Se cambió el nombre de un segundo factor de su cuenta: ${d}.`,
  },
  codigos_recuperacion: {
    titulo: "Nuevos códigos de recuperación",
    texto: () => "Se generaron nuevos códigos de recuperación para su cuenta; los anteriores ya no sirven.",
  },
  codigo_recuperacion_usado: {
    titulo: "Se usó un código de recuperación",
    texto: (d) => `Se inició sesión en su cuenta con un código de recuperación. ${d}`,
  },
  segundo_factor_reinicio: {
    titulo: "Segundo factor reiniciado",
    texto: () =>
      "El administrador de configuración eliminó los segundos factores de su cuenta y cerró sus sesiones. Registre uno nuevo al iniciar sesión.",
  },
};

export async function avisarSeguridad(
  tx: Tx,
  e: {
    idUsuario: number;
    accion: AccionAuditoriaNombre;
    detalle: string;
    /** Who made the change when it is not the user (the administrator's reset). */
    autor?: number;
    antes?: unknown;
    despues?: unknown;
  },
) {
  await auditar(tx, {
    idUsuario: e.autor ?? e.idUsuario,
    entidad: "Cuenta",
    idEntidad: e.idUsuario,
    accion: e.accion,
    antes: e.antes ?? null,
    despues: e.despues ?? { detalle: e.detalle },
  });
  const t = TEXTOS[e.accion];
  if (!t) return;
  await insertarAvisos(tx, [
    {
      idUsuario: e.idUsuario,
      idSolicitud: null,
      tipo: "seguridad",
      titulo: t.titulo,
      texto: t.texto(e.detalle),
      detalle: "Si no fue usted, cambie su contraseña y avise al administrador de configuración.",
      enlace: ENLACE_SEGURIDAD,
      correo: "cada",
    },
  ]);
}
