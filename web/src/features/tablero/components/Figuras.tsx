/**
 * The dashboard's figures, one component per chart (figuras/): requests by stage, waiting time,
 * weekly flow of a stage, requests by institution, and the officials whose signature is "Por vencer".
 */
import type { Tablero } from "@registro/contracts";
import type { RutaDetalle } from "./figuras/EnlaceSolicitud";
import { Espera } from "./figuras/Espera";
import { Flujo } from "./figuras/Flujo";
import { PorEtapa } from "./figuras/PorEtapa";
import { PorInstitucion } from "./figuras/PorInstitucion";
import { PorVencer } from "./figuras/PorVencer";

export function Figuras({ datos, rutaDetalle }: { datos: Tablero; rutaDetalle: RutaDetalle }) {
  return (
    <div className="rft-figuras">
      <PorEtapa etapas={datos.etapas} />
      <Espera etapas={datos.etapas} rutaDetalle={rutaDetalle} />
      <Flujo datos={datos} />
      <PorInstitucion instituciones={datos.instituciones} />
      <PorVencer porVencer={datos.porVencer} rutaDetalle={rutaDetalle} />
    </div>
  );
}
