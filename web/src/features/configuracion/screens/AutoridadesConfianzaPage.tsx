/**
 * "Autoridades de confianza" (configuration, issue 38): the CA certificates a signer's chain must
 * reach and the CRLs "Verificar documento" consults, with their validity and last update; uploads
 * (PEM or DER) and retirement after "¿Está seguro de que …?"; then the joint-signature rules and the
 * cédula's attribute (FirmasConjuntas). Every change is audited. A failed load or action is told by
 * the query cache (the hooks' `meta`).
 */
import type { AnclaConfianza, CrlConfianza } from "@registro/contracts";
import { Button } from "primereact/button";
import { Column } from "primereact/column";
import { ConfirmDialog, confirmDialog } from "primereact/confirmdialog";
import { DataTable } from "primereact/datatable";
import { Tag } from "primereact/tag";
import { PaginaConfiguracion } from "../../../components/layout/PaginaConfiguracion";
import { formatearFecha, formatearFechaHora } from "../../../lib/formato";
import { avisarRespuesta } from "../api/comun";
import { useAutoridades } from "../api/get-autoridades";
import { useRetirarAutoridad } from "../api/retirar-autoridad";
import type { TipoAutoridad } from "../api/subir-autoridad";
import { FirmasConjuntas } from "../components/FirmasConjuntas";
import { SubirAutoridad } from "../components/SubirAutoridad";
import "../../../components/bandeja/bandeja.css";
import "../autoridades.css";

const etiqueta = (nombre: string) => ({ bodyCell: { "data-etiqueta": nombre } as Record<string, string> });

type PedirRetirar = (tipo: TipoAutoridad, id: number, nombre: string) => void;

function Estado({ estado }: { estado: "vigente" | "vencida" | "retirada" }) {
  if (estado === "retirada") return <Tag severity="secondary" value="Retirada" />;
  if (estado === "vencida") return <Tag severity="warning" value="Vencida" />;
  return <Tag severity="success" value="Vigente" />;
}

/** "Retirar" on a row still in force (none on a retired one). */
function BotonRetirar({ activa, texto, onClick }: { activa: boolean; texto: string; onClick: () => void }) {
  if (!activa) return null;
  return (
    <Button
      type="button"
      label="Retirar"
      icon="pi pi-ban"
      severity="danger"
      text
      aria-label={texto}
      onClick={onClick}
    />
  );
}

/** Retirement, asked first ("¿Está seguro de que …?"); the answer is told as a toast. */
function usePedirRetirar(): PedirRetirar {
  const retirar = useRetirarAutoridad();
  return (tipo, id, nombre) =>
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
      accept: () => retirar.mutate({ tipo, id }, { onSuccess: avisarRespuesta }),
    });
}

export default function AutoridadesConfianzaPage() {
  const lista = useAutoridades();
  const pedirRetirar = usePedirRetirar();
  const cargando = lista.isFetching && !lista.data;
  return (
    <PaginaConfiguracion idTitulo="rfa-titulo" titulo="Autoridades de confianza" clase="rfa">
      <ConfirmDialog group="autoridades" />
      <p>
        «Verificar documento» acepta una firma solo si la cadena de su certificado llega a una de estas autoridades, y
        consulta sus listas de revocación (CRL). Cargue los certificados de las autoridades de certificación (raíz o
        intermedia) y sus listas en formato PEM o DER.
      </p>
      <h2 id="rfa-anclas">Autoridades</h2>
      <SubirAutoridad tipo="Ancla" etiqueta="Certificado de la autoridad" boton="Agregar autoridad" />
      <TablaAnclas anclas={lista.data?.anclas ?? []} cargando={cargando} onRetirar={pedirRetirar} />
      <h2 id="rfa-crls">Listas de revocación</h2>
      <SubirAutoridad tipo="Crl" etiqueta="Lista de revocación (CRL)" boton="Cargar lista" />
      <TablaCrls crls={lista.data?.crls ?? []} cargando={cargando} onRetirar={pedirRetirar} />
      <FirmasConjuntas datos={lista.data} />
    </PaginaConfiguracion>
  );
}

/** The trust anchors: subject, issuer, serial, validity, who added it, state, "Retirar". */
function TablaAnclas(p: { anclas: AnclaConfianza[]; cargando: boolean; onRetirar: PedirRetirar }) {
  return (
    <DataTable
      value={p.anclas}
      dataKey="idAncla"
      loading={p.cargando}
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
        body={(a: AnclaConfianza) => (
          <BotonRetirar
            activa={a.estado !== "retirada"}
            texto={`Retirar la autoridad ${a.sujeto}`}
            onClick={() => p.onRetirar("Ancla", a.idAncla, a.sujeto)}
          />
        )}
      />
    </DataTable>
  );
}

/** The CRLs: issuer, issued, next update, last update and who, state, "Retirar". */
function TablaCrls(p: { crls: CrlConfianza[]; cargando: boolean; onRetirar: PedirRetirar }) {
  return (
    <DataTable
      value={p.crls}
      dataKey="idCrl"
      loading={p.cargando}
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
        body={(c: CrlConfianza) => (
          <BotonRetirar
            activa={c.estado !== "retirada"}
            texto={`Retirar la lista de ${c.emisor}`}
            onClick={() => p.onRetirar("Crl", c.idCrl, c.emisor)}
          />
        )}
      />
    </DataTable>
  );
}
