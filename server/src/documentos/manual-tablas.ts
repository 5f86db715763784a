/**
 * Parts of the user manual written from the contracts instead of by hand, so the manual cannot
 * drift from the product: the statuses table, the transition table, the profiles with their menus
 * and the mandatory documents. A chapter asks for one with a line such as `{{tabla-estatus}}`.
 */
import {
  type Accion,
  CATALOGO_ESTATUS,
  CODIGOS_ESTATUS,
  DOCUMENTOS_OBLIGATORIOS,
  ESTATUS,
  indiceEtapa,
  MODULOS,
  PERFILES_POR_DEFECTO,
  type Rol,
  TEXTO_ACTIVA,
  TRANSICIONES,
  textoEstatus,
  VISTAS,
} from "@registro/contracts";

export const NOMBRE_ROL: Record<Rol, string> = {
  originador: "Originador",
  analista: "Analista de Revisión (RyCC)",
  juridico: "Analista Legal",
  administrador: "Administrador RyCC",
};

export const NOMBRE_ACCION: Record<Accion, string> = {
  guardar: "Guardar: editar la solicitud y sus funcionarios",
  enviar: "Enviar",
  agregarFuncionarios: "Agregar funcionarios",
  enviarFuncionarios: "Enviar funcionarios",
  solicitarInactivacion: "Inactivar Firma, con evidencia y justificación",
  aprobarRcc: "Aprobar",
  retornarRcc: "Retornar, con observaciones y comentario",
  aprobarJuridico: "Aprobar",
  retornarJuridico: "Retornar, con observaciones y comentario",
  rechazarJuridico: "Rechazar, con observaciones y comentario",
  aprobarAdmin: "Aprobar o Activar",
  retornarAdmin: "Retornar a Jurídico, con observaciones y comentario",
  inactivar: "Inactivar",
  activar: "Activar",
  asignar: "Auto-Asignar",
  inactivarFuncionario: "Inactivar un funcionario",
  liberar: "Liberar: devolverla a la bandeja de la etapa",
  reasignar: "Reasignar a otro usuario de la etapa, con comentario",
};

const celda = (s: string) => s.replace(/\|/g, "\\|");
const fila = (columnas: string[]) => `| ${columnas.map(celda).join(" | ")} |`;
const tabla = (encabezado: string[], filas: string[][]) =>
  [fila(encabezado), fila(encabezado.map(() => "---")), ...filas.map(fila)].join("\n");

// Users read the statuses in correct Spanish (DESIGN.md §8), not the API's original texts.
const textoEstatusManual = (codigo: number) =>
  codigo === ESTATUS.ACTIVA ? `${textoEstatus(codigo)} (se muestra como «${TEXTO_ACTIVA}»)` : textoEstatus(codigo);

/** Who may move a request on from each status, read from the transition table. */
function siguientePaso(codigo: number): string {
  if (codigo === ESTATUS.ANULADA) return "Reservado: no se alcanza en esta versión";
  const roles = [
    ...new Set(
      TRANSICIONES.filter(
        (t) => (t.desde as readonly number[]).includes(codigo) && t.hacia !== null && t.accion !== "asignar",
      ).map((t) => NOMBRE_ROL[t.rol]),
    ),
  ];
  return roles.length > 0 ? roles.join(", ") : "Nadie: es un estatus final";
}

function tablaEstatus(): string {
  return tabla(
    ["Código", "Estatus", "Etapa", "Quién actúa"],
    // In the order a request meets them: by stage, the stageless 109 last.
    [...CODIGOS_ESTATUS]
      .sort((a, b) => ((indiceEtapa(a) + 99) % 99) - ((indiceEtapa(b) + 99) % 99) || a - b)
      .map((c) => [String(c), textoEstatusManual(c), CATALOGO_ESTATUS[c].etapa ?? "(ninguna)", siguientePaso(c)]),
  );
}

function tablaTransiciones(): string {
  return tabla(
    ["Desde", "Acción", "Quién", "Resultado"],
    TRANSICIONES.map((t) => {
      let hacia = t.hacia === null ? "Mismo estatus" : `${t.hacia} ${textoEstatus(t.hacia)}`;
      if (t.accion === "rechazarJuridico") hacia += `; vuelve a ${ESTATUS.ACTIVA} si la solicitud ya estuvo activa`;
      return [
        t.desde.join(", "),
        NOMBRE_ACCION[t.accion] + (t.requiereAsignacion ? " (requiere tenerla asignada)" : ""),
        NOMBRE_ROL[t.rol],
        hacia,
      ];
    }),
  );
}

function tablaPerfiles(): string {
  return tabla(
    ["Perfil", "Para quién", "Menú principal"],
    PERFILES_POR_DEFECTO.map((p) => {
      const principales = VISTAS.filter((v) => v.principal && (p.vistas as readonly string[]).includes(v.nombre));
      const porModulo = MODULOS.map((m) => ({
        modulo: m.nombre,
        vistas: principales.filter((v) => v.idModulo === m.idModulo).map((v) => v.nombre),
      })).filter((g) => g.vistas.length > 0);
      const menu = ["Inicio", ...porModulo.map((g) => `${g.modulo}: ${g.vistas.join(", ")}`)];
      return [p.nombre, p.descripcion, menu.join("; ")];
    }),
  );
}

const documentos = () => DOCUMENTOS_OBLIGATORIOS.map((d) => `- ${d}`).join("\n");

const GENERADORES: Record<string, () => string> = {
  "tabla-estatus": tablaEstatus,
  "tabla-transiciones": tablaTransiciones,
  "tabla-perfiles": tablaPerfiles,
  "documentos-obligatorios": documentos,
};

/** Replaces each `{{name}}` line with its generated Markdown; unknown names are left out. */
export function expandirMarcadores(markdown: string): string {
  return markdown.replace(/^[ \t]*\{\{\s*([\w-]+)\s*\}\}[ \t]*$/gm, (_, nombre: string) =>
    GENERADORES[nombre] ? `\n${GENERADORES[nombre]()}\n` : "",
  );
}
