/**
 * "Autoridades de confianza" (configuration, issue 38): the CA certificates a signer's chain must
 * reach and the CRLs "Verificar documento" consults, with their validity and last update; uploads
 * (PEM or DER) and retirement after "¿Está seguro de que …?"; then the joint-signature rules and the
 * cédula's attribute (FirmasConjuntas). Every change is audited.
 */
import { type AnclaConfianza, type CrlConfianza, MSG } from "@registro/contracts";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { ConfirmDialog, confirmDialog } from "primereact/confirmdialog";
import { DataTable } from "primereact/datatable";
import { Tag } from "primereact/tag";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { formatearFecha, formatearFechaHora } from "../../../lib/formato";
import { notify } from "../../../lib/toast";
import { useAutoridades } from "../api/get-autoridades";
import { useRetirarAutoridad } from "../api/retirar-autoridad";
import { FirmasConjuntas } from "../components/FirmasConjuntas";
import { SubirAutoridad } from "../components/SubirAutoridad";
import "../../claves/claves.css";
import "../../../components/bandeja/bandeja.css";
import "../autoridades.css";

const etiqueta = (nombre: string) => ({ bodyCell: { "data-etiqueta": nombre } as Record<string, string> });

function Estado({ estado }: { estado: "vigente" | "vencida" | "retirada" }) {
  if (estado === "retirada") return <Tag severity="secondary" value="Retirada" />;
  if (estado === "vencida") return <Tag severity="warning" value="Vencida" />;
  return <Tag severity="success" value="Vigente" />;
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the anchors and CRLs tables with their upload and retire actions share the page query
export default function AutoridadesConfianzaPage() {
  const navigate = useNavigate();
  const lista = useAutoridades();
  const retirar = useRetirarAutoridad();
  const pedirRetirar = (tipo: "Ancla" | "Crl", id: number, nombre: string) =>
    confirmDialog({
      group: "autoridades",
      header: "Confirmación",
      message:
        tipo === "Ancla"
          ? `¿Está seguro de que desea retirar la autoridad «${nombre}»? Las firmas cuya cadena llega a ella dejarán de ser confiables.`
          : `¿Está seguro de que desea retirar la lista de revocación de «${nombre}»?`,
      icon: "pi pi-exclamation-triangle",
      acceptLabel: "Retirar",
      rejectLabel: "No",
      defaultFocus: "reject",
      acceptClassName: "p-button-danger",
      accept: () =>
        retirar.mutate(
          { tipo, id },
          {
            onSuccess: (r) => (r.success ? notify.success(r.message) : notify.warn(r.message)),
            onError: (e) => notify.warn(e instanceof ApiError ? e.message : MSG.errorDesconocido),
          },
        ),
    });
  const boton = (activa: boolean, texto: string, accion: () => void) =>
    activa ? (
      <Button
        type="button"
        label="Retirar"
        icon="pi pi-ban"
        severity="danger"
        text
        aria-label={texto}
        onClick={accion}
      />
    ) : null;

  return (
    <section className="rf-claves rfa" aria-labelledby="rfa-titulo">
      <ConfirmDialog group="autoridades" />
      <div className="rf-claves-cabecera">
        <h1 id="rfa-titulo">Autoridades de confianza</h1>
        <Button
          type="button"
          label="Volver"
          icon="pi pi-arrow-left"
          severity="secondary"
          outlined
          onClick={() => navigate("/Configuracion")}
        />
      </div>
      <p>
        «Verificar documento» acepta una firma solo si la cadena de su certificado llega a una de estas autoridades, y
        consulta sus listas de revocación (CRL). Cargue los certificados de las autoridades de certificación (raíz o
        intermedia) y sus listas en formato PEM o DER.
      </p>
      <h2 id="rfa-anclas">Autoridades</h2>
      <SubirAutoridad tipo="Ancla" etiqueta="Certificado de la autoridad" boton="Agregar autoridad" />
      <DataTable
        value={lista.data?.anclas ?? []}
        dataKey="idAncla"
        loading={lista.isFetching && !lista.data}
        emptyMessage="No hay autoridades de confianza."
        size="small"
        stripedRows
        aria-labelledby="rfa-anclas"
        className="rf-tabla-apilable"
      >
        <Column header="Autoridad" field="sujeto" pt={etiqueta("Autoridad")} />
        <Column header="Emisor" field="emisor" pt={etiqueta("Emisor")} />
        <Column header="Serie" pt={etiqueta("Serie")} body={(a: AnclaConfianza) => <code>{a.serie}</code>} />
        <Column
          header="Validez"
          pt={etiqueta("Validez")}
          body={(a: AnclaConfianza) => `${formatearFecha(a.validoDesde)} al ${formatearFecha(a.validoHasta)}`}
        />
        <Column
          header="Agregada"
          pt={etiqueta("Agregada")}
          body={(a: AnclaConfianza) => `${formatearFechaHora(a.creada)} (${a.creadaPor ?? ""})`}
        />
        <Column header="Estado" pt={etiqueta("Estado")} body={(a: AnclaConfianza) => <Estado estado={a.estado} />} />
        <Column
          header="Acciones"
          pt={etiqueta("Acciones")}
          body={(a: AnclaConfianza) =>
            boton(a.estado !== "retirada", `Retirar la autoridad ${a.sujeto}`, () =>
              pedirRetirar("Ancla", a.idAncla, a.sujeto),
            )
          }
        />
      </DataTable>
      <h2 id="rfa-crls">Listas de revocación</h2>
      <SubirAutoridad tipo="Crl" etiqueta="Lista de revocación (CRL)" boton="Cargar lista" />
      <DataTable
        value={lista.data?.crls ?? []}
        dataKey="idCrl"
        loading={lista.isFetching && !lista.data}
        emptyMessage="No hay listas de revocación cargadas."
        size="small"
        stripedRows
        aria-labelledby="rfa-crls"
        className="rf-tabla-apilable"
      >
        <Column header="Emisor" field="emisor" pt={etiqueta("Emisor")} />
        <Column header="Emitida" pt={etiqueta("Emitida")} body={(c: CrlConfianza) => formatearFechaHora(c.emitida)} />
        <Column
          header="Próxima"
          pt={etiqueta("Próxima")}
          body={(c: CrlConfianza) => (c.proxima ? formatearFechaHora(c.proxima) : "Sin fecha")}
        />
        <Column
          header="Última actualización"
          pt={etiqueta("Última actualización")}
          body={(c: CrlConfianza) => `${formatearFechaHora(c.actualizada)} (${c.actualizadaPor ?? ""})`}
        />
        <Column header="Estado" pt={etiqueta("Estado")} body={(c: CrlConfianza) => <Estado estado={c.estado} />} />
        <Column
          header="Acciones"
          pt={etiqueta("Acciones")}
          body={(c: CrlConfianza) =>
            boton(c.estado !== "retirada", `Retirar la lista de ${c.emisor}`, () =>
              pedirRetirar("Crl", c.idCrl, c.emisor),
            )
          }
        />
      </DataTable>
      <FirmasConjuntas datos={lista.data} />
    </section>
  );
}
