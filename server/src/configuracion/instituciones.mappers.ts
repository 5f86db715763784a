/** Institutions as the maintenance screen reads them (SPEC.md §3 Institution). */
import type { Institucion } from "@registro/contracts";
import type { FilaInstitucion } from "./instituciones.repository.js";

export function aInstitucion(i: FilaInstitucion, cargos: number[]): Institucion {
  return {
    // SPEC's table key is `idUsuario`; it carries the institution's id.
    idUsuario: i.idInstitucion,
    idInstitucionFirma: i.idInstitucion,
    nombre: i.nombre,
    estructura: i.estructura,
    direccion: i.direccion,
    telefono: i.telefono,
    ext: i.ext,
    telefono2: i.telefono2,
    ext2: i.ext2,
    estatus: i.estatus,
    selectedCargos: cargos,
    cantCargos: cargos.length,
  };
}
