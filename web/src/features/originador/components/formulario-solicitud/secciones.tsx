/**
 * The request form's sections: the institution's contact data, the incumbent (with the padrón
 * look-up and the comment), and the four documents. Each reads and writes the form through
 * react-hook-form; `soloLectura` shows a request the clerk can no longer change.
 */
import {
  type Adjunto,
  DOCUMENTOS,
  type InfoInstitucion,
  MAX_BYTES_DOCUMENTO,
  MSG,
  type Solicitud,
} from "@registro/contracts";
import { InputText } from "primereact/inputtext";
import { InputTextarea } from "primereact/inputtextarea";
import { RadioButton } from "primereact/radiobutton";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import { CampoCedula } from "../../../../components/formulario/CampoCedula";
import { ariaError, Campo } from "../../../../components/formulario/campos";
import { CampoDocumento, CampoLista, CampoTelefono, CampoTexto } from "../../../../components/formulario/controlados";
import { PT_DROPDOWN } from "../../../../components/pt-listas";
import { notify } from "../../../../lib/toast";
import { useCargosIncumbente } from "../../api/obtener-cargos-incumbente";
import type { ValoresSolicitud } from "./valores";

type Form = UseFormReturn<ValoresSolicitud>;

export function SeccionInstitucion({
  form,
  institucion,
  soloLectura,
}: {
  form: Form;
  institucion: InfoInstitucion;
  soloLectura: boolean;
}) {
  const { control } = form;
  return (
    <section className="rfo-seccion" aria-labelledby="sec-institucion">
      <h2 id="sec-institucion">Datos de la institución</h2>
      <dl className="rfo-datos">
        <div>
          <dt>Institución</dt>
          <dd>{institucion.nombre}</dd>
        </div>
        <div>
          <dt>Estructura</dt>
          <dd>{institucion.estructura || "—"}</dd>
        </div>
      </dl>
      {!soloLectura && (
        <p className="rfo-nota" id="inst-nota">
          La dirección y los teléfonos se toman del registro de su institución. Si los cambia aquí, el cambio vale solo
          para esta solicitud.
        </p>
      )}
      <div className="rfo-grid rfo-grid-3">
        <CampoTexto
          control={control}
          name="InfoInstitucion.Direccion"
          id="inst-direccion"
          etiqueta="Dirección"
          maxLength={300}
          readOnly={soloLectura}
          className="rfo-doble"
        />
        <CampoTelefono
          control={control}
          name="InfoInstitucion.Telefono"
          id="inst-telefono"
          etiqueta="Teléfono"
          readOnly={soloLectura}
        />
        <CampoTexto
          control={control}
          name="InfoInstitucion.Ext"
          id="inst-ext"
          etiqueta="Extensión"
          maxLength={6}
          soloDigitos
          readOnly={soloLectura}
        />
        <CampoTelefono
          control={control}
          name="InfoInstitucion.Telefono2"
          id="inst-telefono2"
          etiqueta="Teléfono 2"
          readOnly={soloLectura}
        />
        <CampoTexto
          control={control}
          name="InfoInstitucion.Ext2"
          id="inst-ext2"
          etiqueta="Extensión 2"
          maxLength={6}
          soloDigitos
          readOnly={soloLectura}
        />
      </div>
    </section>
  );
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the incumbent section's fields in the screen's order, each a few props of one `control`.
export function SeccionIncumbente({
  form,
  solicitud,
  soloLectura,
}: {
  form: Form;
  solicitud: Solicitud | null;
  soloLectura: boolean;
}) {
  const { control, setValue, setError, clearErrors } = form;
  const cargos = useCargosIncumbente();
  const [nombres, apellidos] = useWatch({ control, name: ["InfoIncumbente.Nombres", "InfoIncumbente.Apellidos"] });
  const requerido = !soloLectura;
  return (
    <section className="rfo-seccion" aria-labelledby="sec-incumbente">
      <h2 id="sec-incumbente">Datos del incumbente</h2>
      <div className="rfo-grid rfo-grid-3">
        <Controller
          control={control}
          name="InfoIncumbente.Cedula"
          render={({ field, fieldState }) => (
            <Campo id="inc-cedula" etiqueta="Cédula" requerido={requerido} error={fieldState.error?.message}>
              <CampoCedula
                id="inc-cedula"
                value={field.value}
                readOnly={soloLectura}
                onChange={field.onChange}
                nombres={{ nombres, apellidos }}
                onNombres={(n) => {
                  setValue("InfoIncumbente.Nombres", n.nombres, { shouldDirty: true });
                  setValue("InfoIncumbente.Apellidos", n.apellidos, { shouldDirty: true });
                  if (n.nombres || n.apellidos) clearErrors(["InfoIncumbente.Nombres", "InfoIncumbente.Apellidos"]);
                }}
                onErrorCedula={(m) =>
                  m
                    ? setError("InfoIncumbente.Cedula", { type: "padron", message: m })
                    : clearErrors("InfoIncumbente.Cedula")
                }
                onFallo={() => notify.error(MSG.errorCargarPersona)}
                error={fieldState.error?.message}
              />
            </Campo>
          )}
        />
        <CampoTexto
          control={control}
          name="InfoIncumbente.Nombres"
          id="inc-nombres"
          etiqueta="Nombres"
          requerido={requerido}
          maxLength={100}
          readOnly={soloLectura}
        />
        <CampoTexto
          control={control}
          name="InfoIncumbente.Apellidos"
          id="inc-apellidos"
          etiqueta="Apellidos"
          requerido={requerido}
          maxLength={100}
          readOnly={soloLectura}
        />
        {soloLectura ? (
          // Read-only like the other fields (a disabled list is faint: below 4.5:1 contrast).
          <Campo id="inc-cargo" etiqueta="Cargo">
            <InputText id="inc-cargo" value={solicitud?.infoIncumbente.cargoNombreI ?? ""} readOnly />
          </Campo>
        ) : (
          <CampoLista
            control={control}
            name="InfoIncumbente.CodCargo"
            id="inc-cargo"
            etiqueta="Cargo"
            requerido
            options={cargos.data ?? []}
            optionLabel="nombre"
            optionValue="id"
            placeholder="Seleccione un cargo"
            filter
            emptyMessage={MSG.sinRegistros}
            pt={PT_DROPDOWN}
          />
        )}
        <CampoTelefono
          control={control}
          name="InfoIncumbente.Telefono"
          id="inc-telefono"
          etiqueta="Teléfono"
          requerido={requerido}
          readOnly={soloLectura}
        />
        <Controller
          control={control}
          name="InfoIncumbente.ifirmaDigital"
          render={({ field }) => (
            <fieldset className="rfo-opciones" disabled={soloLectura}>
              <legend>Clasificación</legend>
              <div className="rfo-opcion">
                <RadioButton
                  inputId="inc-digital"
                  name="ifirmaDigital"
                  checked={field.value}
                  disabled={soloLectura}
                  onChange={() => field.onChange(true)}
                />
                <label htmlFor="inc-digital">Digital</label>
              </div>
              <div className="rfo-opcion">
                <RadioButton
                  inputId="inc-olografo"
                  name="ifirmaDigital"
                  checked={!field.value}
                  disabled={soloLectura}
                  onChange={() => field.onChange(false)}
                />
                <label htmlFor="inc-olografo">Ológrafa</label>
              </div>
            </fieldset>
          )}
        />
      </div>
      <Controller
        control={control}
        name="Comentario"
        render={({ field, fieldState }) => (
          <Campo id="sol-comentario" etiqueta="Comentario" error={fieldState.error?.message}>
            <InputTextarea
              id="sol-comentario"
              ref={field.ref}
              value={field.value}
              rows={3}
              maxLength={2000}
              autoResize
              readOnly={soloLectura}
              onChange={(ev) => field.onChange(ev.target.value)}
              onBlur={field.onBlur}
              invalid={!!fieldState.error}
              {...ariaError("sol-comentario", fieldState.error?.message)}
            />
          </Campo>
        )}
      />
    </section>
  );
}

export function SeccionDocumentos({
  form,
  guardados,
  soloLectura,
}: {
  form: Form;
  guardados: ReadonlyMap<Adjunto["tipoAdjunto"], string>;
  soloLectura: boolean;
}) {
  const { control } = form;
  return (
    <fieldset className="rfo-seccion rfo-documentos">
      <legend>Documentos</legend>
      {!soloLectura && (
        <p className="rfo-nota">
          Imágenes o PDF, de hasta 5,000,000 bytes cada uno. Los marcados con * son obligatorios.
        </p>
      )}
      <div className="rfo-grid rfo-grid-2">
        {DOCUMENTOS.map((d) => (
          <CampoDocumento
            key={d.campo}
            control={control}
            name={d.campo}
            id={`sol-${d.campo}`}
            etiqueta={d.etiqueta}
            requerido={!soloLectura}
            maxBytes={MAX_BYTES_DOCUMENTO}
            nombreGuardado={guardados.get(d.tipo)}
            disabled={soloLectura}
          />
        ))}
      </div>
    </fieldset>
  );
}
