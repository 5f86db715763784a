/**
 * Verificar firma: the question (FormularioVerificacion), a batch of questions (VerificarLote), and a
 * link to Verificar documento (its own screen).
 *
 * Performance: the heading and the help text — what a person reads first, and the page's largest
 * paint — come from this small module alone. The form's code (PrimeReact's dropdowns, number and
 * date fields, react-hook-form, the API's zod schemas: about three quarters of the page's script)
 * is asked for only once they are on screen, and drawn in a transition, in the room kept for it
 * (the same height, so nothing below moves when it arrives). The form's two lists (institutions,
 * signatures) are asked for together with its code, not once it is drawn: they arrive sooner, and
 * the form's first render neither starts their requests nor is drawn again when they come.
 */
import "../verificacion.css";
import { ENCABEZADOS_PANTALLA, V } from "@registro/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { Link } from "react-router";
import { consultaInstituciones } from "../../../components/bandeja/use-instituciones";
import { consultaCatalogoFirmas } from "../../../components/funcionario-dialog/api";
import { Encabezado } from "../../../components/layout/Encabezado";
import { useTrasPrimerCuadro } from "../../../components/use-tras-primer-cuadro";
import { ReservaFormulario } from "../components/reserva";
import { VerificarLote } from "../components/VerificarLote";
import { RUTA_VERIFICAR_DOCUMENTO } from "../paths";

const FormularioVerificacion = lazy(() => import("../components/FormularioVerificacion"));

export default function VerificarFirmaPage() {
  const listo = useTrasPrimerCuadro();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!listo) return;
    void queryClient.prefetchQuery(consultaInstituciones);
    void queryClient.prefetchQuery(consultaCatalogoFirmas);
  }, [listo, queryClient]);
  const reserva = <ReservaFormulario />;
  return (
    <section className="rf-pantalla" aria-labelledby="rfv-titulo">
      <Encabezado encabezado={ENCABEZADOS_PANTALLA[V.VERIFICAR_FIRMA]} idTitulo="rfv-titulo" />
      {listo ? <Suspense fallback={reserva}>{<FormularioVerificacion />}</Suspense> : reserva}
      <VerificarLote listo={listo} />
      <p className="rfv-ayuda rfv-enlace-documento">
        ¿Tiene un documento firmado digitalmente?{" "}
        <Link to={RUTA_VERIFICAR_DOCUMENTO}>Compruebe sus firmas contra el registro</Link>.
      </p>
    </section>
  );
}
