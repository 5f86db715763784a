/**
 * Catalogues every database needs (DESIGN.md §7): modules, views, default profiles, signature
 * types and signatures, status-change reasons, criteria and positions. Idempotent: run at every start.
 */
import { MODULOS, PERFILES_POR_DEFECTO, VISTAS } from "@registro/contracts";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import {
  cargos,
  criterios,
  firmas,
  modulos,
  motivos,
  perfiles,
  perfilVistas,
  tiposFirma,
  vistas,
} from "../db/schema.js";

export const TIPOS_FIRMA = [
  { idTipoFirma: 1, nombre: "Financiera", firmas: ["Cheques", "Órdenes de pago", "Transferencias"] },
  { idTipoFirma: 2, nombre: "Administrativa", firmas: ["Contratos", "Nóminas", "Certificaciones"] },
  { idTipoFirma: 3, nombre: "Presupuestaria", firmas: ["Libramientos", "Modificaciones presupuestarias"] },
];

/** Reasons: idClaseProceso 1 = RyCC (analyst, administrator), 2 = Jurídico. */
export const MOTIVOS = [
  {
    idMotivo: 1,
    nombre: "Documentos incompletos",
    descripcion: "Falta uno o más documentos obligatorios.",
    idClaseProceso: 1,
    idEstatusProceso: 108,
  },
  {
    idMotivo: 2,
    nombre: "Documentos ilegibles",
    descripcion: "Uno o más documentos no pueden leerse con claridad.",
    idClaseProceso: 1,
    idEstatusProceso: 108,
  },
  {
    idMotivo: 3,
    nombre: "Datos no coinciden",
    descripcion: "Los datos del formulario no coinciden con los documentos.",
    idClaseProceso: 1,
    idEstatusProceso: 108,
  },
  {
    idMotivo: 4,
    nombre: "Firma no legible en tarjeta",
    descripcion: "Los especímenes de firma de la tarjeta no son legibles.",
    idClaseProceso: 1,
    idEstatusProceso: 108,
  },
  {
    idMotivo: 5,
    nombre: "Cargo no corresponde",
    descripcion: "El cargo indicado no corresponde a la designación.",
    idClaseProceso: 1,
    idEstatusProceso: 108,
  },
  {
    idMotivo: 6,
    nombre: "Revisión de montos",
    descripcion: "El rango de montos requiere revisión jurídica adicional.",
    idClaseProceso: 1,
    idEstatusProceso: 103,
  },
  {
    idMotivo: 11,
    nombre: "Designación sin validez legal",
    descripcion: "La acción de personal o decreto no tiene validez legal.",
    idClaseProceso: 2,
    idEstatusProceso: 104,
  },
  {
    idMotivo: 12,
    nombre: "Autoridad no competente",
    descripcion: "El oficio no está firmado por la máxima autoridad.",
    idClaseProceso: 2,
    idEstatusProceso: 104,
  },
  {
    idMotivo: 13,
    nombre: "Incompatibilidad de funciones",
    descripcion: "El funcionario ejerce funciones incompatibles con las firmas solicitadas.",
    idClaseProceso: 2,
    idEstatusProceso: 104,
  },
  {
    idMotivo: 14,
    nombre: "Vigencia improcedente",
    descripcion: "El período de vigencia solicitado no procede.",
    idClaseProceso: 2,
    idEstatusProceso: 204,
  },
  {
    idMotivo: 15,
    nombre: "Requiere revisión de RyCC",
    descripcion: "Se requiere que RyCC revise nuevamente la documentación.",
    idClaseProceso: 2,
    idEstatusProceso: 204,
  },
];

export const CRITERIOS = [
  { id: 1, tipo: "Aceptacion", criterio: "El oficio debe estar firmado por la máxima autoridad de la institución." },
  {
    id: 2,
    tipo: "Aceptacion",
    criterio: "Los especímenes de firma deben ser legibles y estar dentro de los recuadros de la tarjeta.",
  },
  { id: 3, tipo: "Aceptacion", criterio: "Los datos del formulario deben coincidir con los documentos adjuntos." },
  { id: 4, tipo: "Aceptacion", criterio: "La cédula debe estar vigente y copiada por ambos lados." },
  { id: 5, tipo: "Aceptacion", criterio: "La designación debe indicar el cargo y la fecha de toma de posesión." },
  { id: 6, tipo: "Documento", criterio: "Oficio de la máxima autoridad de la institución." },
  { id: 7, tipo: "Documento", criterio: "Tarjeta de Firmas con los especímenes de firma." },
  { id: 8, tipo: "Documento", criterio: "Copia de la Cédula de identidad por ambos lados." },
  { id: 9, tipo: "Documento", criterio: "Acción de personal o Decreto de designación." },
  { id: 10, tipo: "Rechazo", criterio: "Documentos incompletos, ilegibles o vencidos." },
  { id: 11, tipo: "Rechazo", criterio: "Oficio firmado por una autoridad no competente." },
  { id: 12, tipo: "Rechazo", criterio: "Datos del formulario que no coinciden con los documentos." },
  { id: 13, tipo: "Rechazo", criterio: "Designación sin validez legal o incompatibilidad de funciones." },
];

/** tipo 1 = Incumbente, 2 = Funcionario. */
export const CARGOS = [
  { nombre: "Ministro", descripcion: "Máxima autoridad de un ministerio", tipo: 1 },
  { nombre: "Viceministro", descripcion: "Autoridad delegada de un ministerio", tipo: 1 },
  { nombre: "Director General", descripcion: "Máxima autoridad de una dirección general o agencia", tipo: 1 },
  { nombre: "Alcalde", descripcion: "Máxima autoridad de un ayuntamiento", tipo: 1 },
  { nombre: "Presidente", descripcion: "Máxima autoridad de un organismo autónomo", tipo: 1 },
  { nombre: "Director Financiero", descripcion: "Responsable de las finanzas de la institución", tipo: 2 },
  { nombre: "Director Administrativo", descripcion: "Responsable de la administración de la institución", tipo: 2 },
  { nombre: "Encargado de Contabilidad", descripcion: "Responsable de los registros contables", tipo: 2 },
  { nombre: "Encargado de Compras", descripcion: "Responsable de compras y contrataciones", tipo: 2 },
  { nombre: "Tesorero", descripcion: "Responsable de la tesorería", tipo: 2 },
  { nombre: "Encargado de Recursos Humanos", descripcion: "Responsable de nóminas y personal", tipo: 2 },
];

// Every start runs this (start to serving ≤ 3 s): one statement per catalogue, not one
// per row, so the embedded database answers a dozen statements instead of about seventy.
export async function seedCatalogos(db: Db): Promise<void> {
  const excluido = (columna: string) => sql.raw(`excluded.${columna}`);
  await db.transaction(async (tx) => {
    await tx
      .insert(modulos)
      .values(MODULOS.map((m, i) => ({ ...m, orden: i + 1 })))
      .onConflictDoUpdate({
        target: modulos.idModulo,
        set: { nombre: excluido("nombre"), iconClass: excluido("icon_class"), orden: excluido("orden") },
      });
    await tx
      .insert(vistas)
      .values(VISTAS.map((v, i) => ({ ...v, orden: i + 1 })))
      .onConflictDoUpdate({
        target: vistas.idVista,
        set: {
          nombre: excluido("nombre"),
          url: excluido("url"),
          iconClass: excluido("icon_class"),
          idModulo: excluido("id_modulo"),
          principal: excluido("principal"),
          orden: excluido("orden"),
        },
      });
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(perfiles);
    if (n === 0) {
      const idPorNombre = new Map(VISTAS.map((v) => [v.nombre, v.idVista]));
      for (const p of PERFILES_POR_DEFECTO) {
        const [creado] = await tx
          .insert(perfiles)
          .values({ nombre: p.nombre, descripcion: p.descripcion, porDefecto: true })
          .returning({ idPerfil: perfiles.idPerfil });
        await tx
          .insert(perfilVistas)
          .values(p.vistas.map((nombre) => ({ idPerfil: creado.idPerfil, idVista: idPorNombre.get(nombre)! })));
      }
    }
    await tx
      .insert(tiposFirma)
      .values(TIPOS_FIRMA.map((t) => ({ idTipoFirma: t.idTipoFirma, nombre: t.nombre })))
      .onConflictDoNothing();
    await tx
      .insert(firmas)
      .values(
        TIPOS_FIRMA.flatMap((t) =>
          t.firmas.map((f, i) => ({ idFirma: t.idTipoFirma * 100 + i + 1, idTipoFirma: t.idTipoFirma, firma: f })),
        ),
      )
      .onConflictDoNothing();
    await tx.insert(motivos).values(MOTIVOS).onConflictDoNothing();
    await tx
      .insert(criterios)
      .values(CRITERIOS.map((c, i) => ({ ...c, orden: i + 1 })))
      .onConflictDoNothing();
    const [{ c }] = await tx.select({ c: sql<number>`count(*)::int` }).from(cargos);
    if (c === 0) await tx.insert(cargos).values(CARGOS);
  });
}

export async function perfilPorNombre(db: Db, nombre: string): Promise<number> {
  const [row] = await db.select({ id: perfiles.idPerfil }).from(perfiles).where(eq(perfiles.nombre, nombre));
  if (!row) throw new Error(`Profile ${nombre} missing`);
  return row.id;
}
