/** The signed-in user as every service sees it. */
import type { Rol } from "@registro/contracts";

export interface SesionUsuario {
  idSesion: number;
  idUsuario: number;
  usuario: string;
  nombre: string;
  apellido: string;
  idPerfil: number;
  perfil: string;
  externo: boolean;
  /** The institution an external user belongs to (null for internal users). */
  idInstitucion: number | null;
  institucion: string | null;
  cambioClave: boolean;
  /** The profile requires a second factor the user does not hold yet. */
  segundoFactorPendiente: boolean;
  vistas: ReadonlySet<string>;
  roles: ReadonlySet<Rol>;
}

/** True when the user holds any of the named views. */
export function tieneVista(sesion: SesionUsuario, nombres: readonly string[]): boolean {
  return nombres.some((n) => sesion.vistas.has(n));
}
