/** Positions as the maintenance screen reads them (SPEC.md §3: tipo 1|2, estatus 1|0). */
import type { Cargo } from "@registro/contracts";
import type { FilaCargo } from "./cargos.repository.js";

export function aCargo(c: FilaCargo): Cargo {
  return { id: c.idCargo, nombre: c.nombre, descripcion: c.descripcion, tipo: c.tipo, estatus: c.estatus ? 1 : 0 };
}
