/**
 * Detalles, the RyCC administrator's detail (SPEC.md screen 8): the actions the workflow allows
 * for the request's status — Aprobar and Retornar (105), Inactivar (106, 203), Activar (203, 201) —
 * each confirmed, and the removal of single officials in the Funcionarios tab.
 */
import {
  type Accion,
  decidir,
  ESTATUS,
  ESTATUS_FUNCIONARIO,
  type Funcionario,
  MSG,
  type Solicitud,
} from "@registro/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { useState } from "react";
import { CLAVE_BANDEJA } from "../../../components/bandeja/tipos";
import { useCambios } from "../../../components/solicitud/api/get-cambios";
import {
  claveFuncionarios,
  useFuncionariosSolicitud,
} from "../../../components/solicitud/api/get-funcionario-solicitud";
import { claveSolicitud } from "../../../components/solicitud/api/get-solicitud";
import { DecisionDialog } from "../../../components/solicitud/DecisionDialog";
import { aprobarAdminRcc } from "../api/aprobar-admin-rcc";
import { inactivarSolicitud } from "../api/inactivar";
import { inactivarFuncionario } from "../api/inactivar-funcionario";
import { retornarJuridico } from "../api/retornar-juridico";
import { DetalleSolicitud, useIdSolicitud } from "../components/DetalleSolicitud";
import { textoAdministradorSolicitud } from "../components/estatus-bandeja";
import {
  esDevueltaAlOriginador,
  esInactiva,
  pestanaCambios,
  pestanaComentario,
  pestanaDocumentos,
  pestanaFuncionarios,
  pestanaHistorico,
  pestanaInactiva,
  pestanaObservaciones,
  pestanasSi,
} from "../components/pestanas";
import { BotonReasignar } from "../components/Reasignacion";
import { useTrasDecision } from "../components/tras-decision";
import { P } from "../paths";

const ADMINISTRADOR = { idUsuario: 0, roles: new Set(["administrador"] as const) };

/** Whether the workflow lets the administrator take `accion` on the request now. */
function permite(s: Solicitud, accion: Accion): boolean {
  return decidir(accion, { estatus: s.estatusSolitud, asignadoA: null, fueActiva: false }, ADMINISTRADOR).permitido;
}

type Dialogo = "aprobar" | "retornar" | "inactivar" | "activar" | null;

/** The administrator's decisions in the order they show, each with the workflow action that allows it. */
const BOTONES: {
  dialogo: Exclude<Dialogo, null>;
  accion: Accion;
  label: string;
  icon: string;
  severity: "success" | "warning" | "danger";
}[] = [
  { dialogo: "aprobar", accion: "aprobarAdmin", label: "Aprobar", icon: "pi pi-check", severity: "success" },
  { dialogo: "retornar", accion: "retornarAdmin", label: "Retornar", icon: "pi pi-replay", severity: "warning" },
  { dialogo: "activar", accion: "activar", label: "Activar", icon: "pi pi-play", severity: "success" },
  { dialogo: "inactivar", accion: "inactivar", label: "Inactivar", icon: "pi pi-power-off", severity: "danger" },
];

function AccionesAdministrador({ solicitud }: { solicitud: Solicitud }) {
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const queryClient = useQueryClient();
  const id = solicitud.idSolicitud;
  const cerrar = () => setDialogo(null);
  const trasDecision = useTrasDecision(id, P.administrador);
  // A refused decision means the request changed meanwhile: show it as it is now.
  const recargar = () => queryClient.invalidateQueries({ queryKey: claveSolicitud(id) });
  // A deactivation the institution asked for chosen officials ends only them: the question names them.
  const funcionarios = useFuncionariosSolicitud(id, solicitud.estatusSolitud === ESTATUS.SOLICITUD_INACTIVAR);
  const elegidos = (funcionarios.data ?? [])
    .filter((f) => f.inactivacionSolicitada)
    .map((f) => `${f.nombres} ${f.apellidos}`);
  const preguntaInactivar =
    solicitud.estatusSolitud === ESTATUS.SOLICITUD_INACTIVAR && elegidos.length > 0
      ? MSG.confirmarInactivarFuncionarios(elegidos)
      : MSG.confirmarInactivar;
  /** The Sí/No confirmations: which dialog, its title, its question, its call and whether it takes a comment. */
  const confirmaciones: [
    Exclude<Dialogo, null>,
    string,
    string,
    (comentario: string) => ReturnType<typeof aprobarAdminRcc>,
    boolean,
  ][] = [
    ["aprobar", "Aprobar solicitud", MSG.confirmarAprobar, (comentario) => aprobarAdminRcc(id, comentario), true],
    ["activar", "Activar firma", MSG.confirmarActivar, () => aprobarAdminRcc(id), false],
    ["inactivar", "Inactivar firma", preguntaInactivar, () => inactivarSolicitud(id), false],
  ];

  return (
    <>
      <BotonReasignar solicitud={solicitud} />
      {BOTONES.filter((b) => permite(solicitud, b.accion)).map((b) => (
        <Button
          key={b.dialogo}
          type="button"
          label={b.label}
          icon={b.icon}
          severity={b.severity}
          onClick={() => setDialogo(b.dialogo)}
        />
      ))}

      {confirmaciones.map(([nombre, titulo, mensaje, enviar, conComentario]) => (
        <DecisionDialog
          key={nombre}
          modo="confirmar"
          etiquetaAceptar="Sí"
          etiquetaCancelar="No"
          titulo={titulo}
          visible={dialogo === nombre}
          mensaje={mensaje}
          conComentario={conComentario}
          enviar={enviar}
          onHide={cerrar}
          onExito={trasDecision}
          onRechazo={recargar}
        />
      ))}
      <DecisionDialog
        visible={dialogo === "retornar"}
        modo="motivos"
        titulo="Retornar solicitud"
        origenMotivos="rycc"
        estatusMotivos={ESTATUS.RETORNADO_RYCC}
        enviar={(cuerpo) => retornarJuridico(id, cuerpo)}
        onHide={cerrar}
        onExito={trasDecision}
        onRechazo={recargar}
      />
    </>
  );
}

/** The Funcionarios tab's removal button and its confirmation, for one request. */
function useEliminarFuncionario(solicitud: Solicitud) {
  const [funcionario, setFuncionario] = useState<Funcionario | null>(null);
  const queryClient = useQueryClient();
  const habilitado = permite(solicitud, "inactivarFuncionario");

  const boton = (f: Funcionario) =>
    habilitado && f.idEstatus !== ESTATUS_FUNCIONARIO.INACTIVO ? (
      <Button
        type="button"
        icon="pi pi-trash"
        rounded
        text
        severity="danger"
        aria-label={`Eliminar a ${f.nombres} ${f.apellidos}`}
        tooltip="Eliminar funcionario"
        tooltipOptions={{ position: "top", showDelay: 2000, hideDelay: 300 }}
        onClick={() => setFuncionario(f)}
      />
    ) : null;

  const dialogo = (
    <DecisionDialog
      visible={funcionario !== null}
      modo="confirmar"
      titulo="Eliminar funcionario"
      mensaje={MSG.confirmarEliminarFuncionario}
      etiquetaAceptar="Sí"
      etiquetaCancelar="No"
      enviar={() => inactivarFuncionario(funcionario!.idFuncionario)}
      onHide={() => setFuncionario(null)}
      onExito={() => {
        queryClient.invalidateQueries({ queryKey: claveFuncionarios(solicitud.idSolicitud) });
        queryClient.invalidateQueries({ queryKey: claveSolicitud(solicitud.idSolicitud) });
        queryClient.invalidateQueries({ queryKey: [CLAVE_BANDEJA] });
      }}
    />
  );
  return { boton, dialogo };
}

function FuncionariosAdministrador({ solicitud }: { solicitud: Solicitud }) {
  const eliminar = useEliminarFuncionario(solicitud);
  return (
    <>
      {pestanaFuncionarios(solicitud, { mostrarVigencia: true, accionExtra: eliminar.boton }).contenido}
      {eliminar.dialogo}
    </>
  );
}

export default function AdministradorDetallePage() {
  // `.data` read here, during render: a query result read only inside the tabs' callback (which runs
  // in the child's render) is not tracked, so the Cambios tab would stay hidden whenever the changes
  // arrive before the request itself.
  const cambios = useCambios(useIdSolicitud()).data;
  return (
    <DetalleSolicitud
      volverA={P.administrador}
      textoEstatus={textoAdministradorSolicitud}
      acciones={(s) => <AccionesAdministrador solicitud={s} />}
      pestanas={(s) =>
        pestanasSi(
          pestanaComentario(s),
          pestanaDocumentos(s),
          { titulo: "Funcionarios", contenido: <FuncionariosAdministrador solicitud={s} /> },
          esDevueltaAlOriginador(s) && pestanaObservaciones(s),
          esInactiva(s) && pestanaInactiva(s),
          pestanaCambios(cambios),
          pestanaHistorico(s),
        )
      }
    />
  );
}
