/**
 * The configuration lists (users, profiles, institutions, positions) as their screens show them,
 * and the one rule for which rows a search and a sort select. The screens search, sort
 * and page with `seleccionarFilas` on the client; "Exportar" applies it on the server to the same
 * rows, so the file holds exactly the rows the screen selects, all pages.
 */
import type { Cargo, Institucion, Perfil, Usuario } from "./schemas/configuracion.js";

export type FilaUsuario = Usuario & { nombreCompleto: string };
export type FilaCargo = Cargo & { tipoNombre: string; estatusNombre: string };

export const filaUsuario = (u: Usuario): FilaUsuario => ({ ...u, nombreCompleto: `${u.nombre} ${u.apellido}`.trim() });

export const filaCargo = (c: Cargo): FilaCargo => ({
  ...c,
  tipoNombre: c.tipo === 1 ? "Incumbente" : "Funcionario",
  estatusNombre: c.estatus === 1 ? "Activo" : "Inactivo",
});

/** Per list: the fields the search box looks in, and the columns the user may sort by. */
export const LISTAS_CONFIGURACION = {
  Usuarios: {
    busqueda: ["usuario", "nombreCompleto", "institucion", "perfil", "cedula", "email"],
    orden: ["usuario", "nombreCompleto", "institucion", "perfil", "activo"],
  },
  Perfiles: { busqueda: ["nombre", "descripcion"], orden: ["idPerfil", "nombre", "cantPermisos"] },
  Instituciones: {
    busqueda: ["nombre", "estructura", "direccion", "telefono", "ext"],
    orden: ["nombre", "cantCargos", "estatus"],
  },
  Cargos: {
    busqueda: ["nombre", "descripcion", "tipoNombre", "estatusNombre"],
    orden: ["nombre", "estatus", "tipoNombre"],
  },
} as const satisfies Record<string, { busqueda: readonly string[]; orden: readonly string[] }>;
export type ListaConfiguracion = keyof typeof LISTAS_CONFIGURACION;

/** The row type each list's screen shows. */
export interface FilasConfiguracion {
  Usuarios: FilaUsuario;
  Perfiles: Perfil;
  Instituciones: Institucion;
  Cargos: FilaCargo;
}

/** Text as the search compares it: without accents (NFD marks dropped) and in lower case. */
export function textoComparable(v: unknown): string {
  return String(v).normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("es");
}

const COTEJO = new Intl.Collator("es", { numeric: true, sensitivity: "base" });

function comparar(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return COTEJO.compare(String(a), String(b));
}

export interface SeleccionLista {
  /** The search box's text: a row matches when any search field contains it (accents and case aside). */
  q?: string;
  sortField?: string;
  /** 1 ascending, -1 descending. */
  sortOrder?: 1 | -1;
}

/**
 * The rows a list's search and sort select, in order. Empty values sort last either way; rows
 * that compare equal keep the server's order.
 */
export function seleccionarFilas<T extends object>(
  filas: readonly T[],
  campos: readonly string[],
  s: SeleccionLista,
): T[] {
  const q = textoComparable(s.q?.trim() ?? "");
  const campo = (f: T, k: string) => (f as Record<string, unknown>)[k];
  const elegidas = q
    ? filas.filter((f) =>
        campos.some((k) => {
          const v = campo(f, k);
          return v !== null && v !== undefined && textoComparable(v).includes(q);
        }),
      )
    : [...filas];
  const { sortField } = s;
  if (!sortField) return elegidas;
  const sentido = s.sortOrder ?? 1;
  const vacio = (v: unknown) => v === null || v === undefined || v === "";
  return elegidas.sort((x, y) => {
    const a = campo(x, sortField);
    const b = campo(y, sortField);
    if (vacio(a) || vacio(b)) return Number(vacio(a)) - Number(vacio(b));
    return sentido * comparar(a, b);
  });
}
