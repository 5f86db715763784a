/**
 * SQL behind "what changed since the return": the request as a `FotoSolicitud` (its editable fields,
 * officials with their signatures, and documents by type with their SHA-256), stored with the
 * return's history entry and read back as the latest one.
 */
import { textoClaseFirma } from "@registro/contracts";
import { asc, desc, eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  adjuntos,
  cargos,
  firmas,
  fotosRetorno,
  funcionarioFirmas,
  funcionarios,
  historial,
  incumbentes,
  solicitudes,
} from "../db/schema.js";
import type { DocumentoFoto, FotoSolicitud } from "./cambios.js";

const fecha = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : "");
const monto = (n: string | null) =>
  n === null ? "" : Number(n).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The request as it is now, or null when it does not exist. */
export async function fotoSolicitud(tx: Tx, idSolicitud: number): Promise<FotoSolicitud | null> {
  const [s] = await tx
    .select({ solicitud: solicitudes, incumbente: incumbentes, cargo: cargos.nombre })
    .from(solicitudes)
    .innerJoin(incumbentes, eq(incumbentes.idIncumbente, solicitudes.idIncumbente))
    .innerJoin(cargos, eq(cargos.idCargo, incumbentes.codCargo))
    .where(eq(solicitudes.idSolicitud, idSolicitud));
  if (!s) return null;
  const docs = await tx
    .select({
      idFuncionario: adjuntos.idFuncionario,
      tipo: adjuntos.tipoAdjunto,
      nombre: adjuntos.nombre,
      sha256: adjuntos.sha256,
    })
    .from(adjuntos)
    .where(eq(adjuntos.idSolicitud, idSolicitud))
    .orderBy(asc(adjuntos.idAdjunto));
  const documentosDe = (idFuncionario: number | null) => {
    const r: Record<string, DocumentoFoto> = {};
    for (const d of docs)
      if (d.idFuncionario === idFuncionario && d.tipo !== "Evidencia")
        r[d.tipo] = { nombre: d.nombre, sha256: d.sha256 };
    return r;
  };
  const funcs = await tx
    .select({ f: funcionarios, cargo: cargos.nombre })
    .from(funcionarios)
    .innerJoin(cargos, eq(cargos.idCargo, funcionarios.codCargo))
    .where(eq(funcionarios.idSolicitud, idSolicitud))
    .orderBy(asc(funcionarios.idFuncionario));
  const firmasFilas = await tx
    .select({ idFuncionario: funcionarioFirmas.idFuncionario, firma: firmas.firma })
    .from(funcionarioFirmas)
    .innerJoin(firmas, eq(firmas.idFirma, funcionarioFirmas.idFirma))
    .innerJoin(funcionarios, eq(funcionarios.idFuncionario, funcionarioFirmas.idFuncionario))
    .where(eq(funcionarios.idSolicitud, idSolicitud))
    .orderBy(asc(firmas.firma));
  const inc = s.incumbente;
  const sol = s.solicitud;
  const foto: FotoSolicitud = {
    campos: {
      Dirección: sol.instDireccion,
      Teléfono: sol.instTelefono,
      Extensión: sol.instExt,
      "Teléfono 2": sol.instTelefono2,
      "Extensión 2": sol.instExt2,
      Comentario: sol.comentario,
      "Cédula del incumbente": inc.cedula,
      "Nombres del incumbente": inc.nombres,
      "Apellidos del incumbente": inc.apellidos,
      "Cargo del incumbente": s.cargo,
      "Teléfono del incumbente": inc.telefono,
      "Clase de firma del incumbente": textoClaseFirma(inc.firmaDigital),
    },
    documentos: documentosDe(null),
    funcionarios: {},
  };
  for (const { f, cargo } of funcs) {
    foto.funcionarios[f.cedula] = {
      nombre: `${f.nombres} ${f.apellidos}`,
      campos: {
        Nombres: f.nombres,
        Apellidos: f.apellidos,
        Cargo: cargo,
        Teléfono: f.telefono,
        Comentario: f.comentario,
        "Clase de firma": textoClaseFirma(f.firmaDigital),
        Vigencia: f.firmaVigencia ? "Temporal" : "Permanente",
        "Fecha desde": f.firmaVigencia ? fecha(f.fechaDesde) : "",
        "Fecha hasta": f.firmaVigencia ? fecha(f.fechaHasta) : "",
        Rango: f.firmaRango ? "Limitado" : "Ilimitado",
        "Monto desde": f.firmaRango ? monto(f.montoDesde) : "",
        "Monto hasta": f.firmaRango ? monto(f.montoHasta) : "",
        Firmas: firmasFilas
          .filter((x) => x.idFuncionario === f.idFuncionario)
          .map((x) => x.firma)
          .join(", "),
      },
      documentos: documentosDe(f.idFuncionario),
    };
  }
  return foto;
}

export async function guardarFoto(tx: Tx, idHistorial: number, idSolicitud: number, foto: FotoSolicitud) {
  await tx.insert(fotosRetorno).values({ idHistorial, idSolicitud, foto });
}

/** The request as it was at its latest return to the institution, with that return's time. */
export async function ultimaFoto(tx: Tx, idSolicitud: number) {
  const [r] = await tx
    .select({ foto: fotosRetorno.foto, fecha: historial.fecha })
    .from(fotosRetorno)
    .innerJoin(historial, eq(historial.idHistorial, fotosRetorno.idHistorial))
    .where(eq(fotosRetorno.idSolicitud, idSolicitud))
    .orderBy(desc(fotosRetorno.idHistorial))
    .limit(1);
  return r ? { foto: r.foto as FotoSolicitud, fecha: r.fecha } : null;
}
