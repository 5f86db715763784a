/**
 * The joint-signature rules of "Autoridades de confianza": for an institution and a signature, the
 * number of distinct authorised signers a document needs (2 to 10); and the certificate attribute
 * that holds the cédula.
 */
import type { AutoridadesConfianza, FirmaConjunta } from "@registro/contracts";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { confirmDialog } from "primereact/confirmdialog";
import { DataTable } from "primereact/datatable";
import { Dropdown } from "primereact/dropdown";
import { InputNumber } from "primereact/inputnumber";
import { InputText } from "primereact/inputtext";
import { useState } from "react";
import { useInstituciones } from "../../../components/bandeja/use-instituciones";
import { Campo, PT_DROPDOWN } from "../../../components/formulario/campos";
import { SIN_GRUPOS, useCatalogoFirmas } from "../../../components/funcionario-dialog/api";
import type { RespuestaAccion } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { useGuardarAtributoCedula } from "../api/guardar-atributo-cedula";
import { useGuardarFirmaConjunta } from "../api/guardar-firma-conjunta";
import { useQuitarFirmaConjunta } from "../api/quitar-firma-conjunta";

const etiqueta = (nombre: string) => ({ bodyCell: { "data-etiqueta": nombre } as Record<string, string> });
const avisar = (r: RespuestaAccion) =>
  r.success ? notify.success(r.message) : notify.warn(r.errors ? Object.values(r.errors)[0][0] : r.message);

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the rules table and its two forms (a rule, the cédula attribute) share the catalogues and the mutations
export function FirmasConjuntas({ datos }: { datos: AutoridadesConfianza | undefined }) {
  const instituciones = useInstituciones();
  const firmas = useCatalogoFirmas();
  const guardar = useGuardarFirmaConjunta();
  const quitar = useQuitarFirmaConjunta();
  const atributo = useGuardarAtributoCedula();
  const [regla, setRegla] = useState<{ idInstitucion: number | null; idFirma: number | null; minimo: number | null }>({
    idInstitucion: null,
    idFirma: null,
    minimo: 2,
  });
  const [oid, setOid] = useState<string | null>(null);
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
      accept: () => quitar.mutate({ idInstitucion: c.idInstitucion, idFirma: c.idFirma }, { onSuccess: avisar }),
    });
  const listo = regla.idInstitucion !== null && regla.idFirma !== null && regla.minimo !== null;
  return (
    <>
      <h2 id="rfa-conjuntas">Firmas conjuntas</h2>
      <p>
        Una institución puede exigir que sus documentos de una firma lleven varios firmantes autorizados distintos. El
        documento solo resulta «Firmado por personas autorizadas» si los tiene.
      </p>
      <form
        className="rfa-conjunta"
        aria-labelledby="rfa-conjuntas"
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          if (listo)
            guardar.mutate(regla as { idInstitucion: number; idFirma: number; minimo: number }, { onSuccess: avisar });
        }}
      >
        <Campo id="rfa-institucion" etiqueta="Institución" requerido>
          <Dropdown
            inputId="rfa-institucion"
            value={regla.idInstitucion}
            options={instituciones.data ?? []}
            optionLabel="nombre"
            optionValue="idInstitucionFirma"
            onChange={(e) => setRegla((r) => ({ ...r, idInstitucion: e.value ?? null }))}
            placeholder="Seleccione"
            filter
            pt={PT_DROPDOWN}
          />
        </Campo>
        <Campo id="rfa-firma" etiqueta="Firma" requerido>
          <Dropdown
            inputId="rfa-firma"
            value={regla.idFirma}
            options={firmas.data ?? SIN_GRUPOS}
            optionGroupLabel="label"
            optionGroupChildren="items"
            optionLabel="label"
            optionValue="value"
            onChange={(e) => setRegla((r) => ({ ...r, idFirma: e.value ?? null }))}
            placeholder="Seleccione"
            pt={PT_DROPDOWN}
          />
        </Campo>
        <Campo id="rfa-minimo" etiqueta="Firmantes exigidos" requerido>
          <InputNumber
            inputId="rfa-minimo"
            value={regla.minimo}
            min={2}
            max={10}
            showButtons
            onValueChange={(e) => setRegla((r) => ({ ...r, minimo: e.value ?? null }))}
          />
        </Campo>
        <Button type="submit" label="Guardar regla" icon="pi pi-save" disabled={!listo} loading={guardar.isPending} />
      </form>
      <DataTable
        value={datos?.firmasConjuntas ?? []}
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
      <h2 id="rfa-atributo">Atributo de la cédula</h2>
      <form
        className="rfa-conjunta"
        aria-labelledby="rfa-atributo"
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          atributo.mutate(oid ?? datos?.atributoCedula ?? "", { onSuccess: avisar });
        }}
      >
        <Campo id="rfa-oid" etiqueta="Atributo del sujeto del certificado (OID)">
          <InputText id="rfa-oid" value={oid ?? datos?.atributoCedula ?? ""} onChange={(e) => setOid(e.target.value)} />
        </Campo>
        <Button type="submit" label="Guardar atributo" icon="pi pi-save" loading={atributo.isPending} />
      </form>
      <p className="rfa-nota">Por defecto 2.5.4.5 (serialNumber), donde los certificados del país llevan la cédula.</p>
    </>
  );
}
