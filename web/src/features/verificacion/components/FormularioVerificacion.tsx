/**
 * Verificar firma's question: a cédula and, optionally, the institution, the signature, an amount
 * and a date (today by default) — the registry answers "Autorizado" or "No autorizado" with the
 * reason, and lists every entry it holds for that person. The answer is the API's
 * (GET api/Verificacion/Firma); this form only shows it. The question is a react-hook-form form
 * checked with the API's query schema (the date as typed, dd/mm/aaaa): a question the screen cannot
 * read is not asked; the server's field errors land on the same fields, and a refusal takes the
 * focus to the first one. The page (screens/VerificarFirmaPage) loads it after its first paint.
 */
import { MSG, type RespuestaVerificacion, textoDeFechaIso, V } from "@registro/contracts";
import { useMutation } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { lazy, Suspense, useState } from "react";
import { Controller } from "react-hook-form";
import { useInstituciones } from "../../../components/bandeja/use-instituciones";
import { ariaError, Campo, PT_DROPDOWN } from "../../../components/formulario/campos";
import { EntradaCedula } from "../../../components/formulario/EntradaMascara";
import { EntradaMonto } from "../../../components/formulario/EntradaMonto";
import { resolverDiferido } from "../../../components/formulario/servidor";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { SIN_GRUPOS, useCatalogoFirmas } from "../../../components/funcionario-dialog/api";
import { SelectorFecha } from "../../../components/SelectorFecha";
import "../../../components/bandeja/bandeja.css";
import { hoyEnPais } from "../../../lib/formato";
import { useRutaDetalle } from "../../../lib/ruta-detalle";
import { verificarFirma } from "../api/get-verificacion-firma";

// The answer's table (PrimeReact's DataTable) is fetched with the first question, not with the screen.
const cargarResultado = () => import("./ResultadoVerificacion");
const ResultadoVerificacion = lazy(async () => ({ default: (await cargarResultado()).ResultadoVerificacion }));

/** Detail screens that may open a request, in order of preference. */
const DETALLES = [
  V.DETALLES_CONSULTA,
  V.DETALLES_ADMINISTRADOR,
  V.DETALLES_SEGUIMIENTO,
  V.DETALLES_ANALISTA,
  V.HISTORICO_DETALLES,
  V.DETALLES_JURIDICO,
  V.DETALLES_ORIGINADOR,
] as const;

/** The question's fields, named as the API's query names them; the date is the text typed. */
interface Formulario {
  cedula: string;
  institucion: number | null;
  idFirma: number | null;
  monto: number | null;
  fecha: string;
}
const CAMPOS = ["cedula", "institucion", "idFirma", "monto", "fecha"] as const;
// The API's query schema (and zod) arrive when the form is first focused or sent, not to draw it.
const { resolver, precargar } = resolverDiferido<Formulario>(async () => (await import("../esquemas")).esquemaConsulta);

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one form (cédula, institution, signature, amount, date) in the screen's order, and the question's answer under it.
export default function FormularioVerificacion() {
  const { control, handleSubmit, getValues, contenedor, fallo, erroresServidor } = useFormulario<Formulario>({
    // Today in the country, written out: the person sees which day is asked, and may type another.
    defaultValues: { cedula: "", institucion: null, idFirma: null, monto: null, fecha: textoDeFechaIso(hoyEnPais()) },
    resolver,
    campos: CAMPOS,
  });
  const [respuesta, setRespuesta] = useState<RespuestaVerificacion | null>(null);
  const instituciones = useInstituciones();
  const firmas = useCatalogoFirmas();

  const rutaDetalle = useRutaDetalle(DETALLES);

  const grupos = firmas.data ?? SIN_GRUPOS;

  const consulta = useMutation({
    mutationFn: verificarFirma,
    onSuccess: (r) => {
      if ("registros" in r) setRespuesta(r);
      else {
        erroresServidor(r.errors);
        setRespuesta(null);
        if (r.errors) fallo();
      }
    },
    meta: { errorAccion: MSG.errorDesconocido, mensajeDelError: true },
  });

  // A question the screen cannot read is not asked: no answer for another day than the one typed.
  const preguntar = handleSubmit(
    (leida) => {
      const v = getValues();
      const fecha = (leida as unknown as { fecha: string | null }).fecha;
      void cargarResultado();
      consulta.mutate({ cedula: v.cedula, institucion: v.institucion, idFirma: v.idFirma, monto: v.monto, fecha });
    },
    () => {
      setRespuesta(null);
      fallo();
    },
  );

  return (
    <>
      <form
        ref={contenedor}
        className="rfv-formulario"
        onSubmit={preguntar}
        onFocus={precargar}
        noValidate
        aria-label="Datos a verificar"
      >
        <Controller
          control={control}
          name="cedula"
          render={({ field, fieldState: { error } }) => (
            <Campo id="rfv-cedula" etiqueta="Cédula" requerido error={error?.message}>
              <EntradaCedula
                id="rfv-cedula"
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                aria-required
                invalid={!!error}
                {...ariaError("rfv-cedula", error?.message)}
              />
            </Campo>
          )}
        />
        <Controller
          control={control}
          name="institucion"
          render={({ field, fieldState: { error } }) => (
            <Campo id="rfv-institucion" etiqueta="Institución" error={error?.message}>
              <Dropdown
                inputId="rfv-institucion"
                value={field.value}
                options={instituciones.data ?? []}
                optionLabel="nombre"
                optionValue="idInstitucionFirma"
                onChange={(e) => field.onChange(e.value ?? null)}
                placeholder="Todas"
                filter
                showClear
                pt={PT_DROPDOWN}
                {...ariaError("rfv-institucion", error?.message)}
              />
            </Campo>
          )}
        />
        <Controller
          control={control}
          name="idFirma"
          render={({ field, fieldState: { error } }) => (
            <Campo id="rfv-firma" etiqueta="Firma" error={error?.message}>
              <Dropdown
                inputId="rfv-firma"
                value={field.value}
                options={grupos}
                optionGroupLabel="label"
                optionGroupChildren="items"
                optionLabel="label"
                optionValue="value"
                onChange={(e) => field.onChange(e.value ?? null)}
                placeholder="Cualquiera"
                showClear
                pt={PT_DROPDOWN}
                {...ariaError("rfv-firma", error?.message)}
              />
            </Campo>
          )}
        />
        <Controller
          control={control}
          name="monto"
          render={({ field, fieldState: { error } }) => (
            <Campo id="rfv-monto" etiqueta="Monto" error={error?.message}>
              <EntradaMonto
                id="rfv-monto"
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={!!error}
                aria-describedby={error ? "rfv-monto-error" : undefined}
              />
            </Campo>
          )}
        />
        <Controller
          control={control}
          name="fecha"
          render={({ field, fieldState: { error } }) => (
            <Campo id="rfv-fecha" etiqueta="Fecha" error={error?.message}>
              <SelectorFecha
                inputId="rfv-fecha"
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                error={error?.message}
              />
            </Campo>
          )}
        />
        <div className="rfv-enviar">
          <Button type="submit" label="Verificar" icon="pi pi-shield" loading={consulta.isPending} />
        </div>
      </form>
      <div aria-live="polite">
        {respuesta && (
          <Suspense fallback={null}>
            <ResultadoVerificacion
              r={respuesta}
              rutaDetalle={rutaDetalle}
              pregunta={consulta.isPending ? undefined : consulta.variables}
            />
          </Suspense>
        )}
      </div>
    </>
  );
}
