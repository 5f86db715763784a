/**
 * The signature cards of an import's documents' ZIP: which official each card goes to and what it
 * does there (pure), and writing them in the apply's transaction with the checks of any upload.
 */
import { COLUMNA_DOCUMENTOS, type FilaInforme, MSG_IMPORTACION, TIPO_IMPORTACION } from "@registro/contracts";
import { type Dueno, reemplazarAdjuntos } from "../archivos/adjuntos.repository.js";
import { prepararArchivo } from "../archivos/archivos.js";
import type { Tx } from "../db/client.js";
import { ErroresCampo } from "../shared/errors.js";
import { type DocumentoZip, leerDocumentos } from "./documentos.js";
import type { Decision } from "./plan.js";
import type { RegistroImportado } from "./validacion.js";

/** A signature card of the ZIP to attach to one official of the plan. */
export interface Adjuntar {
  doc: DocumentoZip;
  registro: RegistroImportado;
  /** The official already in the imported request, or undefined for one the apply creates. */
  idFuncionario?: number;
  idSolicitud?: number;
}

const TIPO_TARJETA = "Tarjeta";

/**
 * What each document of the ZIP would do: attached as the signature card of every official of the
 * file with its cédula that is (or will be) in the institution's imported request — created when
 * the official has none, replaced when its hash differs, left as it is when equal. A document of
 * nobody in the file, of an official of another request, or refused by its own checks is a refused
 * line (the file then applies nothing); one whose official's row is refused adds nothing more.
 */
export function planearDocumentos(
  docs: DocumentoZip[],
  decisiones: Decision[],
  cedulasRechazadas: Set<string>,
  tarjetas: Map<number, string>,
): { lineas: FilaInforme[]; adjuntar: Adjuntar[] } {
  const porCedula = new Map<string, Decision[]>();
  for (const d of decisiones) {
    if (d.registro.tipo !== TIPO_IMPORTACION.funcionario) continue;
    const l = porCedula.get(d.registro.cedula) ?? [];
    l.push(d);
    porCedula.set(d.registro.cedula, l);
  }
  const lineas: FilaInforme[] = [];
  const adjuntar: Adjuntar[] = [];
  const linea = (doc: DocumentoZip, d: Decision | undefined, resultado: FilaInforme["resultado"], mensaje: string) =>
    lineas.push({
      fila: d?.registro.fila ?? 0,
      resultado,
      institucion: d?.registro.institucion ?? "",
      cedula: doc.cedula ?? "",
      tipo: d?.registro.tipo ?? "",
      columna: COLUMNA_DOCUMENTOS,
      mensaje,
    });
  for (const doc of docs) {
    const ds = doc.cedula === null ? [] : (porCedula.get(doc.cedula) ?? []);
    if (doc.error !== null) {
      linea(doc, ds[0], "rechazada", doc.error);
      continue;
    }
    const objetivos = ds.filter((d) => d.resultado === "crear" || d.idFuncionario !== undefined);
    if (objetivos.length === 0) {
      const otra = ds.find((d) => d.idSolicitud !== undefined);
      if (otra)
        linea(doc, otra, "rechazada", MSG_IMPORTACION.documentoOtraSolicitud(doc.ruta, otra.idSolicitud as number));
      else if (!cedulasRechazadas.has(doc.cedula as string))
        linea(doc, undefined, "rechazada", MSG_IMPORTACION.documentoSinFuncionario(doc.ruta));
      continue;
    }
    for (const d of objetivos) {
      const previa = d.idFuncionario === undefined ? undefined : tarjetas.get(d.idFuncionario);
      const resultado = previa === undefined ? "crear" : previa === doc.sha256 ? "sinCambios" : "actualizar";
      linea(doc, d, resultado, MSG_IMPORTACION.documentoTarjeta(doc.ruta));
      if (resultado !== "sinCambios")
        adjuntar.push({ doc, registro: d.registro, idFuncionario: d.idFuncionario, idSolicitud: d.idSolicitud });
    }
  }
  return { lineas, adjuntar };
}

/**
 * Reads the ZIP's cards to attach one at a time and stores each as the Tarjeta of its officials
 * (replacing the one they had); `ubicar` names the official and request of each, in the caller's
 * transaction.
 */
export async function escribirTarjetas(
  tx: Tx,
  zip: Buffer,
  adjuntar: Adjuntar[],
  ubicar: (a: Adjuntar) => Promise<Dueno>,
): Promise<void> {
  const porRuta = new Map<string, Adjuntar[]>();
  for (const a of adjuntar) porRuta.set(a.doc.ruta, [...(porRuta.get(a.doc.ruta) ?? []), a]);
  const examinados = new Map(adjuntar.map((a) => [a.doc.ruta, a.doc]));
  await leerDocumentos(zip, examinados, async (doc, contenido) => {
    // The checks of any upload, again on the bytes written.
    const listo = await prepararArchivo(
      { campo: "Documentos", nombre: doc.nombre, contenido },
      TIPO_TARJETA,
      new ErroresCampo(),
    );
    if (!listo) throw new Error(`document ${doc.ruta} refused at apply after passing its examination`);
    for (const a of porRuta.get(doc.ruta) ?? []) await reemplazarAdjuntos(tx, await ubicar(a), [listo]);
  });
}
