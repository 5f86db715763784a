/** The public page's view of a validation report of "Verificar documento": the verdict as recorded. */
import type { InformeDocumentoPublico } from "@registro/contracts";
import iconoVerificado from "primeicons/raw-svg/verified.svg?raw";
import { IconoSvg } from "../../../components/IconoSvg";
import { formatearFechaHora } from "../../../lib/formato";

export function InformePublico({ i }: { i: InformeDocumentoPublico }) {
  return (
    <>
      <p className="rfv-respuesta rfv-si" role="status">
        <IconoSvg svg={iconoVerificado} /> Informe de validación auténtico, emitido el {formatearFechaHora(i.emitido)}.
      </p>
      <dl className="rfv-detalle">
        <dt>Institución</dt>
        <dd>{i.institucion}</dd>
        <dt>Documento (SHA-256)</dt>
        <dd className="rfv-hash">{i.sha256}</dd>
        <dt>Resultado</dt>
        <dd>
          <strong>{i.texto}</strong>
        </dd>
        {i.firmas.map((f) => (
          <div key={f.indice} className="rfv-detalle-fila">
            <dt>Firma {f.indice}</dt>
            <dd>
              {f.firmante}: {f.aceptada ? "aceptada" : `no aceptada. ${f.motivos.join(" ")}`}
            </dd>
          </div>
        ))}
      </dl>
      <p className="rfv-nota">Resultado de la verificación en el momento en que se hizo.</p>
    </>
  );
}
