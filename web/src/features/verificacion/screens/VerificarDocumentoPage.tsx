/**
 * Verificar documento (issue 38), a screen of its own beside Verificar firma (same view): a signed
 * PDF — or a document and its detached signature (.p7s) — checked in one step: each signature's
 * integrity, its certificate (chain to the Contraloría's trust anchors, revocation, the signing time)
 * and whether the signer was an authorised official of the institution on that date; then one
 * verdict for the document. Its own address keeps Verificar firma's page, its controls and its
 * script as they were. The heading and help are drawn first; the form arrives after the first paint.
 */
import "../verificacion.css";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useId } from "react";
import { Link } from "react-router";
import { consultaInstituciones } from "../../../components/bandeja/use-instituciones";
import { consultaCatalogoFirmas } from "../../../components/funcionario-dialog/api";
import { useTrasPrimerCuadro } from "../../../components/use-tras-primer-cuadro";
import { ReservaLote } from "../components/reserva";
import { RUTA_VERIFICAR_FIRMA } from "../paths";

const CamposDocumento = lazy(() => import("../components/CamposDocumento"));

const AYUDA =
  "Suba un PDF firmado digitalmente (o el documento y su firma separada .p7s) y elija la institución por la que habla el documento. Para cada firma se comprueba que el contenido no cambió, que el certificado era válido al firmar y que el firmante estaba autorizado en el registro en esa fecha.";

export default function VerificarDocumentoPage() {
  const id = useId();
  const listo = useTrasPrimerCuadro();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!listo) return;
    void queryClient.prefetchQuery(consultaInstituciones);
    void queryClient.prefetchQuery(consultaCatalogoFirmas);
  }, [listo, queryClient]);
  return (
    <section className="rf-pantalla" aria-labelledby={`${id}-titulo`}>
      <h1 id={`${id}-titulo`} className="rf-pantalla-titulo">
        Verificar documento
      </h1>
      <p className="rf-pantalla-ayuda">{AYUDA}</p>
      <p className="rfv-ayuda">
        <Link to={RUTA_VERIFICAR_FIRMA}>Volver a Verificar firma</Link>
      </p>
      <div className="rfv-lote rfv-documento">
        {listo ? (
          <Suspense fallback={<ReservaLote />}>
            <CamposDocumento id={id} />
          </Suspense>
        ) : (
          <ReservaLote />
        )}
      </div>
    </section>
  );
}
