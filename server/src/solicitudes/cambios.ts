/**
 * What the institution changed after a return, as data plus one pure function: `FotoSolicitud` is
 * what a request looks like (the fields the institution edits, its officials and documents), taken
 * at the return and again now; `compararFotos` lists the differences with the screens' labels.
 * No I/O here.
 */
import type { CambioCampo, CambiosSolicitud } from "@registro/contracts";

export interface DocumentoFoto {
  nombre: string;
  sha256: string;
}

/** The values are the texts a reader compares (dates dd/mm/aaaa, amounts with thousands). */
export interface FuncionarioFoto {
  nombre: string;
  campos: Record<string, string>;
  documentos: Record<string, DocumentoFoto>;
}

export interface FotoSolicitud {
  campos: Record<string, string>;
  documentos: Record<string, DocumentoFoto>;
  /** By cédula: an official keeps its cédula within a request. */
  funcionarios: Record<string, FuncionarioFoto>;
}

/** The documents' names as the screens show them. */
export const NOMBRE_DOCUMENTO: Record<string, string> = {
  Oficio: "Oficio",
  Cedula: "Cédula",
  Designacion: "Designación o Decreto",
  Tarjeta: "Tarjeta de Firmas",
};

function camposCambiados(antes: Record<string, string>, ahora: Record<string, string>): CambioCampo[] {
  const claves = [...new Set([...Object.keys(antes), ...Object.keys(ahora)])];
  return claves
    .filter((c) => (antes[c] ?? "") !== (ahora[c] ?? ""))
    .map((c) => ({ campo: c, antes: antes[c] ?? "", despues: ahora[c] ?? "" }));
}

function documentosCambiados(
  antes: Record<string, DocumentoFoto>,
  ahora: Record<string, DocumentoFoto>,
  funcionario: string | null,
): CambiosSolicitud["documentos"] {
  const tipos = [...new Set([...Object.keys(antes), ...Object.keys(ahora)])];
  return tipos
    .filter((t) => antes[t]?.sha256 !== ahora[t]?.sha256)
    .map((t) => ({
      documento: NOMBRE_DOCUMENTO[t] ?? t,
      funcionario,
      antes: antes[t]?.nombre ?? null,
      despues: ahora[t]?.nombre ?? null,
    }));
}

/** The differences between the request at its return (`antes`) and now. */
export function compararFotos(antes: FotoSolicitud, ahora: FotoSolicitud, fechaRetorno: string): CambiosSolicitud {
  const funcionarios: CambiosSolicitud["funcionarios"] = [];
  const documentos = documentosCambiados(antes.documentos, ahora.documentos, null);
  const cedulas = [...new Set([...Object.keys(antes.funcionarios), ...Object.keys(ahora.funcionarios)])];
  for (const cedula of cedulas) {
    const a = antes.funcionarios[cedula];
    const b = ahora.funcionarios[cedula];
    if (!a && b) funcionarios.push({ cedula, nombre: b.nombre, cambio: "agregado", campos: [] });
    else if (a && !b) funcionarios.push({ cedula, nombre: a.nombre, cambio: "eliminado", campos: [] });
    else if (a && b) {
      const campos = camposCambiados(a.campos, b.campos);
      if (campos.length > 0) funcionarios.push({ cedula, nombre: b.nombre, cambio: "modificado", campos });
      documentos.push(...documentosCambiados(a.documentos, b.documentos, b.nombre));
    }
  }
  return { fechaRetorno, campos: camposCambiados(antes.campos, ahora.campos), funcionarios, documentos };
}
