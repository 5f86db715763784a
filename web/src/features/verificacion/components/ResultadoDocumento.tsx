/**
 * The answer of "Verificar documento": the document's verdict (with its reasons and the joint rule),
 * then one card per signature — integrity, the certificate, the signing time, the registry — each
 * with a status tag in the colours of Verificar firma's, and the validation report's download.
 */
import {
  type FirmaVerificada,
  MSG,
  textoCadena,
  textoCambios,
  textoFuenteMomento,
  textoIntegridad,
  textoRevocacion,
  type VerificacionDocumento,
} from "@registro/contracts";
import { Button } from "primereact/button";
import { Tag } from "primereact/tag";
import { formatearFechaHora, formatearMonto } from "../../../lib/formato";
import { useDescargarInforme } from "../api/get-informe-documento";

function Fila({ etiqueta, children }: { etiqueta: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{etiqueta}</dt>
      <dd>{children}</dd>
    </>
  );
}

function TarjetaFirma({ f }: { f: FirmaVerificada }) {
  const c = f.certificado;
  const r = f.registro;
  return (
    <article className="rfv-doc-firma" aria-labelledby={`rfv-doc-firma-${f.indice}`}>
      <h4 id={`rfv-doc-firma-${f.indice}`}>
        Firma {f.indice}
        {f.campo ? ` (${f.campo})` : ""}{" "}
        <Tag
          severity={f.aceptada ? "success" : "danger"}
          value={f.aceptada ? MSG.firmaAceptada : MSG.firmaNoAceptada}
        />
      </h4>
      {f.motivos.length > 0 && (
        <ul className="rfv-doc-motivos">
          {f.motivos.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <dl className="rfv-doc-datos">
        <Fila etiqueta="Integridad">{textoIntegridad(f)}</Fila>
        <Fila etiqueta="Cambios posteriores">{f.integridad.detalle ?? textoCambios(f)}</Fila>
        <Fila etiqueta="Certificado">{c.sujeto}</Fila>
        <Fila etiqueta="Emisor">{c.emisor}</Fila>
        <Fila etiqueta="Número de serie">{c.serie}</Fila>
        <Fila etiqueta="Validez">
          {formatearFechaHora(c.validoDesde)} al {formatearFechaHora(c.validoHasta)}
        </Fila>
        <Fila etiqueta="Cadena de confianza">{textoCadena(f)}</Fila>
        <Fila etiqueta="Revocación">{textoRevocacion(f, formatearFechaHora)}</Fila>
        <Fila etiqueta="Válido al firmar">{c.validoAlFirmar ? "Sí" : `No. ${c.motivos.join(" ")}`}</Fila>
        <Fila etiqueta="Fecha de la firma">
          {formatearFechaHora(f.momento.fecha)} ({textoFuenteMomento(f)})
        </Fila>
        <Fila etiqueta="Cédula">{r.cedula ?? "No indicada en el certificado"}</Fila>
        {r.nombre && (
          <Fila etiqueta="En el registro">
            {r.nombre}
            {r.cargo ? `, ${r.cargo}` : ""}
          </Fila>
        )}
        <Fila etiqueta="Registro">
          <Tag severity={r.autorizado ? "success" : "danger"} value={r.autorizado ? "Autorizado" : "No autorizado"} />{" "}
          {r.motivo}
        </Fila>
      </dl>
    </article>
  );
}

export function ResultadoDocumento({ r }: { r: VerificacionDocumento }) {
  const informe = useDescargarInforme();
  const d = r.documento;
  return (
    <div className="rfv-doc-resultado">
      <div className={`rfv-doc-veredicto ${d.firmadoPorAutorizados ? "rfv-doc-si" : "rfv-doc-no"}`}>
        <h3>
          <Tag severity={d.firmadoPorAutorizados ? "success" : "danger"} value={d.texto} />
        </h3>
        <p>
          {r.institucion.nombre}
          {r.firma ? ` · ${r.firma.nombre}` : ""}
          {r.monto !== null ? ` · ${formatearMonto(r.monto)}` : ""} · verificado el {formatearFechaHora(r.verificadoEl)}
        </p>
        {d.firmantesRequeridos !== null && (
          <p>
            Firma conjunta: se exigen {d.firmantesRequeridos} firmantes autorizados distintos; el documento tiene{" "}
            {d.firmantesAutorizados}.
          </p>
        )}
        {d.motivos.length > 0 && (
          <ul className="rfv-doc-motivos">
            {d.motivos.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        <Button
          type="button"
          label="Descargar informe de validación"
          icon="pi pi-download"
          outlined
          loading={informe.isPending}
          onClick={() => informe.mutate(r.codigo)}
        />
      </div>
      {r.firmas.map((f) => (
        <TarjetaFirma key={f.indice} f={f} />
      ))}
    </div>
  );
}
