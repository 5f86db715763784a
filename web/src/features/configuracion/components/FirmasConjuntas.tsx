/**
 * The joint-signature rules of "Autoridades de confianza": for an institution and a signature, the
 * number of distinct authorised signers a document needs (2 to 10); and the certificate attribute
 * that holds the cédula. Both forms are the kit's (useFormulario): checked with the API's schema,
 * the server's field errors under their fields, a refusal takes the focus to the first one.
 */
import {
  type AutoridadesConfianza,
  type FirmaConjunta,
  type NuevaFirmaConjunta,
  zAtributoCedula,
  zNuevaFirmaConjunta,
} from "@registro/contracts";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { confirmDialog } from "primereact/confirmdialog";
import { DataTable } from "primereact/datatable";
import { InputNumber } from "primereact/inputnumber";
import { type Control, Controller } from "react-hook-form";
import { useInstituciones } from "../../../components/bandeja/use-instituciones";
import { ariaError, Campo, PT_DROPDOWN } from "../../../components/formulario/campos";
import { CampoLista, CampoTexto } from "../../../components/formulario/controlados";
import { useFormulario } from "../../../components/formulario/use-formulario";
import { SIN_GRUPOS, useCatalogoFirmas } from "../../../components/funcionario-dialog/api";
import { notify } from "../../../lib/toast";
import { avisarRespuesta, primerError } from "../api/comun";
import { useGuardarAtributoCedula } from "../api/guardar-atributo-cedula";
import { useGuardarFirmaConjunta } from "../api/guardar-firma-conjunta";
import { useQuitarFirmaConjunta } from "../api/quitar-firma-conjunta";

const etiqueta = (nombre: string) => ({ bodyCell: { "data-etiqueta": nombre } as Record<string, string> });

/** A rule's fields, named as the API names them. */
interface Regla {
  idInstitucion: number | null;
  idFirma: number | null;
  minimo: number | null;
}
const CAMPOS_REGLA = ["idInstitucion", "idFirma", "minimo"] as const satisfies readonly (keyof Regla)[];
const REGLA_VACIA: Regla = { idInstitucion: null, idFirma: null, minimo: 2 };

/** The cédula's attribute, named as the API names it. */
interface Atributo {
  oid: string;
}
const CAMPOS_ATRIBUTO = ["oid"] as const satisfies readonly (keyof Atributo)[];

export function FirmasConjuntas({ datos }: { datos: AutoridadesConfianza | undefined }) {
  return (
    <>
      <h2 id="rfa-conjuntas">Firmas conjuntas</h2>
      <p>
        Una institución puede exigir que sus documentos de una firma lleven varios firmantes autorizados distintos. El
        documento solo resulta «Firmado por personas autorizadas» si los tiene.
      </p>
      <FormularioRegla />
      <TablaConjuntas conjuntas={datos?.firmasConjuntas ?? []} />
      <h2 id="rfa-atributo">Atributo de la cédula</h2>
      <FormularioAtributo actual={datos?.atributoCedula} />
      <p className="rfa-nota">Por defecto 2.5.4.5 (serialNumber), donde los certificados del país llevan la cédula.</p>
    </>
  );
}

/** A rule: institution, signature and the signers it needs; "Guardar regla" once all three are given. */
function FormularioRegla() {
  const instituciones = useInstituciones();
  const firmas = useCatalogoFirmas();
  const guardar = useGuardarFirmaConjunta();
  const { control, handleSubmit, watch, contenedor, fallo, erroresServidor } = useFormulario<Regla>({
    defaultValues: REGLA_VACIA,
    esquema: zNuevaFirmaConjunta,
    campos: CAMPOS_REGLA,
  });
  const listo = watch(CAMPOS_REGLA).every((v) => v !== null);
  const enviar = handleSubmit((regla) => {
    guardar.mutate(regla as NuevaFirmaConjunta, {
      onSuccess: (r) => {
        erroresServidor(r.errors);
        if (!avisarRespuesta(r)) fallo();
      },
    });
  }, fallo);
  return (
    <form ref={contenedor} className="rfa-conjunta" aria-labelledby="rfa-conjuntas" noValidate onSubmit={enviar}>
      <CampoLista
        control={control}
        name="idInstitucion"
        id="rfa-institucion"
        etiqueta="Institución"
        requerido
        options={instituciones.data ?? []}
        optionLabel="nombre"
        optionValue="idInstitucionFirma"
        placeholder="Seleccione"
        filter
        pt={PT_DROPDOWN}
      />
      <CampoLista
        control={control}
        name="idFirma"
        id="rfa-firma"
        etiqueta="Firma"
        requerido
        options={firmas.data ?? SIN_GRUPOS}
        optionGroupLabel="label"
        optionGroupChildren="items"
        optionLabel="label"
        optionValue="value"
        placeholder="Seleccione"
        pt={PT_DROPDOWN}
      />
      <CampoMinimo control={control} />
      <Button type="submit" label="Guardar regla" icon="pi pi-save" disabled={!listo} loading={guardar.isPending} />
    </form>
  );
}

/** "Firmantes exigidos": 2 to 10. */
function CampoMinimo({ control }: { control: Control<Regla> }) {
  return (
    <Controller
      control={control}
      name="minimo"
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <Campo id="rfa-minimo" etiqueta="Firmantes exigidos" requerido error={error}>
            <InputNumber
              inputId="rfa-minimo"
              inputRef={field.ref}
              value={field.value}
              min={2}
              max={10}
              showButtons
              onValueChange={(e) => field.onChange(e.value ?? null)}
              onBlur={field.onBlur}
              invalid={!!error}
              {...ariaError("rfa-minimo", error)}
            />
          </Campo>
        );
      }}
    />
  );
}

/** The rules in force, each with "Quitar" (asked first). */
function TablaConjuntas({ conjuntas }: { conjuntas: FirmaConjunta[] }) {
  const quitar = useQuitarFirmaConjunta();
  const pedirQuitar = (c: FirmaConjunta) =>
    confirmDialog({
      group: "autoridades",
      header: "Confirmación",
      message: `¿Está seguro de que desea quitar la firma conjunta de «${c.institucion}» para «${c.firma}»?`,
      icon: "pi pi-exclamation-triangle",
      acceptLabel: "Quitar",
      rejectLabel: "No",
      defaultFocus: "reject",
      acceptClassName: "p-button-danger",
      accept: () =>
        quitar.mutate(
          { idInstitucion: c.idInstitucion, idFirma: c.idFirma },
          {
            onSuccess: (r) => (r.success ? notify.success(r.message) : notify.warn(primerError(r.errors) ?? r.message)),
          },
        ),
    });
  return (
    <DataTable
      value={conjuntas}
      emptyMessage="Ninguna institución exige firmas conjuntas."
      size="small"
      stripedRows
      aria-labelledby="rfa-conjuntas"
      className="rf-tabla-apilable"
    >
      <Column header="Institución" field="institucion" pt={etiqueta("Institución")} />
      <Column header="Firma" field="firma" pt={etiqueta("Firma")} />
      <Column header="Firmantes exigidos" field="minimo" pt={etiqueta("Firmantes exigidos")} />
      <Column
        header="Acciones"
        pt={etiqueta("Acciones")}
        body={(c: FirmaConjunta) => (
          <Button
            type="button"
            label="Quitar"
            icon="pi pi-trash"
            severity="danger"
            text
            aria-label={`Quitar la firma conjunta de ${c.institucion} para ${c.firma}`}
            onClick={() => pedirQuitar(c)}
          />
        )}
      />
    </DataTable>
  );
}

/** The certificate attribute that holds the cédula, shown as saved until the clerk edits it. */
function FormularioAtributo({ actual }: { actual: string | undefined }) {
  const atributo = useGuardarAtributoCedula();
  const { control, handleSubmit, contenedor, fallo, erroresServidor } = useFormulario<Atributo>({
    defaultValues: { oid: "" },
    values: actual === undefined ? undefined : { oid: actual },
    resetOptions: { keepDirtyValues: true },
    esquema: zAtributoCedula,
    campos: CAMPOS_ATRIBUTO,
  });
  const enviar = handleSubmit(({ oid }) => {
    atributo.mutate(oid, {
      onSuccess: (r) => {
        erroresServidor(r.errors);
        if (!avisarRespuesta(r)) fallo();
      },
    });
  }, fallo);
  return (
    <form ref={contenedor} className="rfa-conjunta" aria-labelledby="rfa-atributo" noValidate onSubmit={enviar}>
      <CampoTexto control={control} name="oid" id="rfa-oid" etiqueta="Atributo del sujeto del certificado (OID)" />
      <Button type="submit" label="Guardar atributo" icon="pi pi-save" loading={atributo.isPending} />
    </form>
  );
}
