/**
 * The controls of "Verificar documento" (see VerificarDocumento): the signed file, an optional
 * detached signature, the institution (required), the signature and the amount (optional). A form of
 * the kit (useFormulario): its schema (and zod) arrive when the form is first focused or used; the
 * server's field errors land on their fields and a refusal takes the focus to the first one; a
 * failure with no answer is told by the query cache. The answer is drawn by ResultadoDocumento.
 */
import type { VerificacionDocumento } from "@registro/contracts";
import { Button } from "primereact/button";
import { useState } from "react";
import { type Control, Controller } from "react-hook-form";
import { useInstituciones } from "../../../components/bandeja/use-instituciones";
import { CampoSelectorArchivo } from "../../../components/formulario/CampoSelectorArchivo";
import { Campo, PT_DROPDOWN } from "../../../components/formulario/campos";
import { CampoLista } from "../../../components/formulario/controlados";
import { EntradaMonto } from "../../../components/formulario/EntradaMonto";
import { resolverDiferido } from "../../../components/formulario/servidor";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { SIN_GRUPOS, useCatalogoFirmas } from "../../../components/funcionario-dialog/api";
import { useVerificarDocumento } from "../api/post-verificacion-documento";
import { ResultadoDocumento } from "./ResultadoDocumento";

/** The form's fields, named as the API's multipart fields. */
interface Formulario {
  Archivo: File | null;
  Firma: File | null;
  InstitucionId: number | null;
  TipoFirmaId: number | null;
  Monto: number | null;
}
const CAMPOS = [
  "Archivo",
  "Firma",
  "InstitucionId",
  "TipoFirmaId",
  "Monto",
] as const satisfies readonly (keyof Formulario)[];
const VACIO: Formulario = { Archivo: null, Firma: null, InstitucionId: null, TipoFirmaId: null, Monto: null };
const { resolver, precargar } = resolverDiferido<Formulario>(
  async () => (await import("../esquemas")).esquemaDocumento,
);

/** `id` prefixes the controls' ids (the section's own). */
export default function CamposDocumento({ id }: { id: string }) {
  const [respuesta, setRespuesta] = useState<VerificacionDocumento | null>(null);
  const consulta = useVerificarDocumento();
  const { control, handleSubmit, getValues, contenedor, fallo, erroresServidor } = useFormulario<Formulario>({
    defaultValues: VACIO,
    resolver,
    campos: CAMPOS,
  });
  const refusar = () => {
    setRespuesta(null);
    fallo();
  };
  // The values as chosen (the schema's output drops an empty signature or amount).
  const enviar = handleSubmit(() => {
    const v = getValues();
    const pregunta = {
      archivo: v.Archivo,
      firma: v.Firma,
      institucion: v.InstitucionId,
      idFirma: v.TipoFirmaId,
      monto: v.Monto,
    };
    consulta.mutate(pregunta, {
      onSuccess: (r) => {
        if ("firmas" in r) return setRespuesta(r);
        erroresServidor(r.errors);
        refusar();
      },
    });
  }, refusar);
  return (
    <>
      <form
        ref={contenedor}
        className="rfv-formulario rfv-documento-campos"
        onSubmit={enviar}
        onFocus={precargar}
        noValidate
        aria-label="Documento a verificar"
      >
        <CampoSelectorArchivo
          control={control}
          name="Archivo"
          id={`${id}-archivo`}
          etiqueta="Documento firmado (PDF)"
          accept=".pdf,application/pdf,*/*"
          requerido
        />
        <CampoSelectorArchivo
          control={control}
          name="Firma"
          id={`${id}-firma`}
          etiqueta="Firma separada (.p7s), si la hay"
          accept=".p7s,.p7m,application/pkcs7-signature"
        />
        <ListasDocumento control={control} id={id} />
        <CampoMonto control={control} id={`${id}-monto`} />
        <div className="rfv-enviar">
          <Button type="submit" label="Verificar documento" icon="pi pi-file-check" loading={consulta.isPending} />
        </div>
      </form>
      <div aria-live="polite">{respuesta && <ResultadoDocumento r={respuesta} />}</div>
    </>
  );
}

/** The institution (required) and the signature (any, or one). */
function ListasDocumento({ control, id }: { control: Control<Formulario>; id: string }) {
  const instituciones = useInstituciones();
  const firmas = useCatalogoFirmas();
  return (
    <>
      <CampoLista
        control={control}
        name="InstitucionId"
        id={`${id}-institucion`}
        etiqueta="Institución"
        requerido
        options={instituciones.data ?? []}
        optionLabel="nombre"
        optionValue="idInstitucionFirma"
        placeholder="Seleccione"
        filter
        pt={PT_DROPDOWN}
        aria-required
      />
      <CampoLista
        control={control}
        name="TipoFirmaId"
        id={`${id}-tipo`}
        etiqueta="Firma"
        options={firmas.data ?? SIN_GRUPOS}
        optionGroupLabel="label"
        optionGroupChildren="items"
        optionLabel="label"
        optionValue="value"
        placeholder="Cualquiera"
        showClear
        pt={PT_DROPDOWN}
      />
    </>
  );
}

/** The amount (optional), typed as the registry's amounts are. */
function CampoMonto({ control, id }: { control: Control<Formulario>; id: string }) {
  return (
    <Controller
      control={control}
      name="Monto"
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <Campo id={id} etiqueta="Monto" error={error}>
            <EntradaMonto
              id={id}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={!!error}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </Campo>
        );
      }}
    />
  );
}
