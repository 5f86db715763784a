/**
 * Detalles, the RyCC administrator's detail (SPEC.md screen 8): the actions the workflow allows
 * for the request's status — Aprobar and Retornar (105), Inactivar (106, 203), Activar (203, 201) —
 * each confirmed, and the removal of single officials in the Funcionarios tab.
 */
import { type Accion, decidir, ESTATUS_FUNCIONARIO, type Funcionario, MSG, type Solicitud } from "@registro/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "primereact/button";
import { useState } from "react";
import { useNavigate } from "react-router";
import { CLAVE_BANDEJA } from "../../../components/bandeja/tipos";
import { claveFuncionarios } from "../../../components/solicitud/api/get-funcionario-solicitud";
import { claveSolicitud } from "../../../components/solicitud/api/get-solicitud";
import { DecisionDialog } from "../../../components/solicitud/DecisionDialog";
import { aprobarAdminRcc } from "../api/aprobar-admin-rcc";
import { inactivarSolicitud } from "../api/inactivar";
import { inactivarFuncionario } from "../api/inactivar-funcionario";
import { retornarJuridico } from "../api/retornar-juridico";
import { DetalleSolicitud } from "../components/DetalleSolicitud";
import {
  esDevueltaAlOriginador,
  esInactiva,
  pestanaComentario,
  pestanaDocumentos,
  pestanaFuncionarios,
  pestanaInactiva,
  pestanaObservaciones,
  pestanasSi,
} from "../components/pestanas";
import { P } from "../paths";

const ADMINISTRADOR = { idUsuario: 0, roles: new Set(["administrador"] as const) };

/** Whether the workflow lets the administrator take `accion` on the request now. */
function permite(s: Solicitud, accion: Accion): boolean {
  return decidir(accion, { estatus: s.estatusSolitud, asignadoA: null, fueActiva: false }, ADMINISTRADOR).permitido;
}

type Dialogo = "aprobar" | "retornar" | "inactivar" | "activar" | null;

function AccionesAdministrador({ solicitud }: { solicitud: Solicitud }) {
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const id = solicitud.idSolicitud;
  const cerrar = () => setDialogo(null);
  const trasDecision = async () => {
    await queryClient.invalidateQueries({ queryKey: [CLAVE_BANDEJA] });
    queryClient.removeQueries({ queryKey: claveSolicitud(id) });
    navigate(P.administrador);
  };
  // A refused decision means the request changed meanwhile: show it as it is now.
  const recargar = () => queryClient.invalidateQueries({ queryKey: claveSolicitud(id) });
  const confirmar = {
    modo: "confirmar" as const,
    etiquetaAceptar: "Sí",
    etiquetaCancelar: "No",
    titulo: "Confirmación",
  };

  return (
    <>
      {permite(solicitud, "aprobarAdmin") && (
        <Button
          type="button"
          label="Aprobar"
          icon="pi pi-check"
          severity="success"
          onClick={() => setDialogo("aprobar")}
        />
      )}
      {permite(solicitud, "retornarAdmin") && (
        <Button
          type="button"
          label="Retornar"
          icon="pi pi-replay"
          severity="warning"
          onClick={() => setDialogo("retornar")}
        />
      )}
      {permite(solicitud, "activar") && (
        <Button
          type="button"
          label="Activar"
          icon="pi pi-play"
          severity="success"
          onClick={() => setDialogo("activar")}
        />
      )}
      {permite(solicitud, "inactivar") && (
        <Button
          type="button"
          label="Inactivar"
          icon="pi pi-power-off"
          severity="danger"
          onClick={() => setDialogo("inactivar")}
        />
      )}

      <DecisionDialog
        {...confirmar}
        visible={dialogo === "aprobar"}
        mensaje={MSG.confirmarAprobar}
        enviar={() => aprobarAdminRcc(id)}
        onHide={cerrar}
        onExito={trasDecision}
        onRechazo={recargar}
      />
      <DecisionDialog
        {...confirmar}
        visible={dialogo === "activar"}
        mensaje={MSG.confirmarActivar}
        enviar={() => aprobarAdminRcc(id)}
        onHide={cerrar}
        onExito={trasDecision}
        onRechazo={recargar}
      />
      <DecisionDialog
        {...confirmar}
        visible={dialogo === "inactivar"}
        mensaje={MSG.confirmarInactivar}
        enviar={() => inactivarSolicitud(id)}
        onHide={cerrar}
        onExito={trasDecision}
        onRechazo={recargar}
      />
      <DecisionDialog
        visible={dialogo === "retornar"}
        modo="motivos"
        titulo="Retornar solicitud"
        origenMotivos="rycc"
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
      titulo="Confirmación"
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
      {pestanaFuncionarios(solicitud, { accionExtra: eliminar.boton }).contenido}
      {eliminar.dialogo}
    </>
  );
}

export default function AdministradorDetallePage() {
  return (
    <DetalleSolicitud
      volverA={P.administrador}
      acciones={(s) => <AccionesAdministrador solicitud={s} />}
      pestanas={(s) =>
        pestanasSi(
          pestanaComentario(s),
          pestanaDocumentos(s),
          { titulo: "Funcionarios", contenido: <FuncionariosAdministrador solicitud={s} /> },
          esDevueltaAlOriginador(s) && pestanaObservaciones(s),
          esInactiva(s) && pestanaInactiva(s),
        )
      }
    />
  );
}
