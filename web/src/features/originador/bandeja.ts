/**
 * The originator's inbox, with its first page asked for while its code loads (routes.ts:
 * `precargar`); the screen draws it with these same settings, so the table finds that page.
 */
import type { DefinicionBandeja } from "../../components/bandeja/consulta";
import { obtenerBandejaOriginador } from "./api/obtener-bandeja-originador";

export const BANDEJA_ORIGINADOR = {
  clave: ["originador"],
  cargar: obtenerBandejaOriginador,
  filtroInstitucion: false,
  filas: 10,
  opcionesFilas: [10, 15, 30, 50],
} satisfies DefinicionBandeja;
