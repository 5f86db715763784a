/** A request's number on the dashboard, linked to its detail when the user has a detail screen. */
import { MSG } from "@registro/contracts";
import { Link } from "react-router";
import type { RutaDetalle } from "../../../../lib/ruta-detalle";

export type { RutaDetalle };

export function EnlaceSolicitud({ id, rutaDetalle }: { id: number; rutaDetalle: RutaDetalle }) {
  return rutaDetalle ? <Link to={rutaDetalle(id)}>{MSG.tableroVerSolicitud(id)}</Link> : `n.º ${id}`;
}
