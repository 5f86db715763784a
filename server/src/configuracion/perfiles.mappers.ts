/** Profiles and views as the API returns them (SPEC.md §3 Perfil). */
import type { Perfil, VistaDisponible } from "@registro/contracts";

type FilaPerfil = {
  idPerfil: number;
  nombre: string;
  descripcion: string;
  porDefecto: boolean;
  requiereSegundoFactor: boolean;
  cantUsuarios: number;
  cantUsuariosExternos: number;
};
type FilaVista = { idVista: number; nombre: string; url: string };

export function aPerfil(p: FilaPerfil, vistas: FilaVista[]): Perfil {
  return {
    idPerfil: p.idPerfil,
    nombre: p.nombre,
    descripcion: p.descripcion,
    porDefecto: p.porDefecto,
    cantPermisos: vistas.length,
    cantUsuarios: p.cantUsuarios,
    cantUsuariosExternos: p.cantUsuariosExternos,
    requiereSegundoFactor: p.requiereSegundoFactor,
    vistas: vistas.map((v) => ({ idVista: v.idVista, nombre: v.nombre, url: v.url, permiso: true })),
  };
}

export function aVistaDisponible(v: FilaVista & { idModulo: number; modulo: string }): VistaDisponible {
  return { idVista: v.idVista, nombre: v.nombre, url: v.url, permiso: false, idModulo: v.idModulo, modulo: v.modulo };
}

/** What the audit log keeps of a profile: its data and its views by name. */
export function fotoPerfil(
  p: { nombre: string; descripcion: string; porDefecto: boolean; requiereSegundoFactor: boolean },
  vistas: FilaVista[],
) {
  return {
    nombre: p.nombre,
    descripcion: p.descripcion,
    porDefecto: p.porDefecto,
    requiereSegundoFactor: p.requiereSegundoFactor,
    vistas: vistas.map((v) => v.nombre),
  };
}
