/**
 * "Verificar documento" (issue 38), beside Verificar firma: a signed PDF — or a document and its
 * detached signature (.p7s) — checked in one step: each signature's integrity, its certificate
 * (chain to the Contraloría's trust anchors, revocation, the signing time) and whether the signer was
 * an authorised official of the institution on that date; then one verdict for the document. The
 * heading and help are drawn with the page; the controls arrive after its first paint.
 */
import { lazy, Suspense, useId } from "react";
import { ReservaLote } from "./reserva";

const CamposDocumento = lazy(() => import("./CamposDocumento"));

export function VerificarDocumento({ listo }: { listo: boolean }) {
  const id = useId();
  return (
    <section className="rfv-lote rfv-documento" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`}>Verificar documento</h2>
      <p className="rfv-ayuda">
        Suba un PDF firmado digitalmente (o el documento y su firma separada .p7s) y elija la institución por la que
        habla el documento. Para cada firma se comprueba que el contenido no cambió, que el certificado era válido al
        firmar y que el firmante estaba autorizado en el registro en esa fecha.
      </p>
      {listo ? (
        <Suspense fallback={<ReservaLote />}>
          <CamposDocumento id={id} />
        </Suspense>
      ) : (
        <ReservaLote />
      )}
    </section>
  );
}
