/**
 * The controls of "Verificar documento" (see VerificarDocumento): the signed file, an optional
 * detached signature, the institution (required), the signature and the amount (optional). The
 * server's field errors land on their fields; the answer is drawn by ResultadoDocumento.
 */
import { MSG, type VerificacionDocumento } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { useState } from "react";
import { useInstituciones } from "../../../components/bandeja/use-instituciones";
import { ariaError, Campo, PT_DROPDOWN } from "../../../components/formulario/campos";
import { EntradaMonto } from "../../../components/formulario/EntradaMonto";
import { SelectorArchivo } from "../../../components/formulario/SelectorArchivo";
import { SIN_GRUPOS, useCatalogoFirmas } from "../../../components/funcionario-dialog/api";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { type PreguntaDocumento, verificarDocumento } from "../api/post-verificacion-documento";
import { ResultadoDocumento } from "./ResultadoDocumento";

type Errores = Record<string, string | undefined>;
const VACIA: PreguntaDocumento = { archivo: null, firma: null, institucion: null, idFirma: null, monto: null };

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one upload form whose four fields, its answer and its errors share one state; the answer is its own component
export default function CamposDocumento({ id }: { id: string }) {
  const [p, setP] = useState<PreguntaDocumento>(VACIA);
  const [errores, setErrores] = useState<Errores>({});
  const [respuesta, setRespuesta] = useState<VerificacionDocumento | null>(null);
  const instituciones = useInstituciones();
  const firmas = useCatalogoFirmas();
  const cambiar = (c: Partial<PreguntaDocumento>) => {
    setP((v) => ({ ...v, ...c }));
    setErrores((e) => ({ ...e, ...Object.fromEntries(Object.keys(c).map((k) => [k, undefined])) }));
  };
  const consulta = useMutation({
    mutationFn: verificarDocumento,
    onSuccess: (r) => {
      if ("firmas" in r) {
        setRespuesta(r);
        return;
      }
      setRespuesta(null);
      const e = r.errors ?? {};
      setErrores({
        archivo: e.Archivo?.[0],
        firma: e.Firma?.[0],
        institucion: e.InstitucionId?.[0],
        idFirma: e.TipoFirmaId?.[0],
        monto: e.Monto?.[0],
      });
    },
    onError: (e) => {
      if (!(e instanceof ApiError && e.status === 401)) notify.error(e.message || MSG.errorVerificarDocumento);
    },
  });
  const enviar = (ev: React.FormEvent) => {
    ev.preventDefault();
    const faltan: Errores = {};
    if (!p.archivo) faltan.archivo = MSG.documentoArchivoRequerido;
    if (p.institucion === null) faltan.institucion = MSG.requerido;
    setErrores(faltan);
    if (Object.keys(faltan).length > 0) {
      setRespuesta(null);
      return;
    }
    consulta.mutate(p);
  };
  return (
    <>
      <form
        className="rfv-formulario rfv-documento-campos"
        onSubmit={enviar}
        noValidate
        aria-label="Documento a verificar"
      >
        <Campo id={`${id}-archivo`} etiqueta="Documento firmado (PDF)" requerido error={errores.archivo}>
          <SelectorArchivo
            id={`${id}-archivo`}
            accept=".pdf,application/pdf,*/*"
            archivo={p.archivo}
            required
            invalido={!!errores.archivo}
            describedBy={errores.archivo ? `${id}-archivo-error` : undefined}
            onChange={(archivo) => cambiar({ archivo })}
          />
        </Campo>
        <Campo id={`${id}-firma`} etiqueta="Firma separada (.p7s), si la hay" error={errores.firma}>
          <SelectorArchivo
            id={`${id}-firma`}
            accept=".p7s,.p7m,application/pkcs7-signature"
            archivo={p.firma}
            invalido={!!errores.firma}
            describedBy={errores.firma ? `${id}-firma-error` : undefined}
            onChange={(firma) => cambiar({ firma })}
          />
        </Campo>
        <Campo id={`${id}-institucion`} etiqueta="Institución" requerido error={errores.institucion}>
          <Dropdown
            inputId={`${id}-institucion`}
            value={p.institucion}
            options={instituciones.data ?? []}
            optionLabel="nombre"
            optionValue="idInstitucionFirma"
            onChange={(e) => cambiar({ institucion: e.value ?? null })}
            placeholder="Seleccione"
            filter
            pt={PT_DROPDOWN}
            aria-required
            {...ariaError(`${id}-institucion`, errores.institucion)}
          />
        </Campo>
        <Campo id={`${id}-tipo`} etiqueta="Firma" error={errores.idFirma}>
          <Dropdown
            inputId={`${id}-tipo`}
            value={p.idFirma}
            options={firmas.data ?? SIN_GRUPOS}
            optionGroupLabel="label"
            optionGroupChildren="items"
            optionLabel="label"
            optionValue="value"
            onChange={(e) => cambiar({ idFirma: e.value ?? null })}
            placeholder="Cualquiera"
            showClear
            pt={PT_DROPDOWN}
            {...ariaError(`${id}-tipo`, errores.idFirma)}
          />
        </Campo>
        <Campo id={`${id}-monto`} etiqueta="Monto" error={errores.monto}>
          <EntradaMonto
            id={`${id}-monto`}
            value={p.monto}
            onChange={(monto) => cambiar({ monto })}
            invalid={!!errores.monto}
            aria-describedby={errores.monto ? `${id}-monto-error` : undefined}
          />
        </Campo>
        <div className="rfv-enviar">
          <Button type="submit" label="Verificar documento" icon="pi pi-file-check" loading={consulta.isPending} />
        </div>
      </form>
      <div aria-live="polite">{respuesta && <ResultadoDocumento r={respuesta} />}</div>
    </>
  );
}
